/// Calls made by a ``ForAwaitStorage`` at the steps of a wake-up race, so that a test can act between two steps
/// (model: NIO's `_setDidSuspend`).
///
/// Each hook runs synchronously on the thread of the side that reached the step; a test makes the race happen
/// there, for example by cancelling the current Task, whose cancellation handlers then run at once.
@usableFromInline
struct ForAwaitStorageHooks: Sendable {
  /// A producer without room is about to register as waiting.
  @usableFromInline
  let producerWillRegister: @Sendable () -> Void
  /// A producer has registered as waiting and is about to check whether its Task was cancelled.
  @usableFromInline
  let producerDidRegister: @Sendable () -> Void
  /// A producer has done every step of its suspension: it is resumed, or registered to be.
  @usableFromInline
  let producerDidSuspend: @Sendable () -> Void
  /// The consumer, finding nothing, has stored its continuation and is about to announce that it waits.
  @usableFromInline
  let consumerDidRegister: @Sendable () -> Void
  /// The consumer has done every step of its suspension: it is resumed, or announced to be woken.
  @usableFromInline
  let consumerDidSuspend: @Sendable () -> Void
  /// The consumer's subscription returned and its thread is unmarked; the prelude is about to be closed.
  @usableFromInline
  let preludeWillClose: @Sendable () -> Void

  init(
    producerWillRegister: @escaping @Sendable () -> Void = {},
    producerDidRegister: @escaping @Sendable () -> Void = {},
    producerDidSuspend: @escaping @Sendable () -> Void = {},
    consumerDidRegister: @escaping @Sendable () -> Void = {},
    consumerDidSuspend: @escaping @Sendable () -> Void = {},
    preludeWillClose: @escaping @Sendable () -> Void = {}
  ) {
    self.producerWillRegister = producerWillRegister
    self.producerDidRegister = producerDidRegister
    self.producerDidSuspend = producerDidSuspend
    self.consumerDidRegister = consumerDidRegister
    self.consumerDidSuspend = consumerDidSuspend
    self.preludeWillClose = preludeWillClose
  }
}

extension ForAwaitStorageCore {
  /// How many asynchronous senders are registered as waiting for room.
  var _waitingProducerCount: Int {
    withMachine("tests: count the senders") { machine in
      switch machine.state {
      case .active(_, let producers, _): producers.count
      case .finished, .modifying: 0
      }
    }
  }
}

extension ForAwaitStorageCore {
  /// Allocates the ring now, as the consumer's second batch request would (tests of the ring's own races).
  func _useRing() {
    batchesTaken = 2
    makeRing()
  }

  /// How many events wait in the prelude (call it on the consumer's thread, or once the prelude is closed).
  var _preludeCount: Int {
    prelude.count
  }

  /// Whether events go through the ring (rather than the overflow).
  var _usesRing: Bool {
    produced.load(ordering: .acquiring) & Produced.ringReady != 0
  }
}
