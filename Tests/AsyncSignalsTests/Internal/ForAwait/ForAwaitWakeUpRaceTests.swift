import AsyncSignalsTesting
import Testing

@testable import AsyncSignals

/// Deterministic tests of the wake-up races of a `for await` buffer: each forces one interleaving through the
/// storage's test hooks, where a stress test would only make it likely.
@Suite(.timeLimit(.minutes(1)))
struct ForAwaitWakeUpRaceTests {
  typealias Storage = ForAwaitStorage<Int, Never>

  /// The three ways an asynchronous sender waits for a loop's room.
  enum SendPath: CaseIterable, Sendable {
    /// `ForAwaitStorage.waitForRoom()` itself.
    case waitForRoom
    /// `AsyncObserver.send(_:)` of an async body.
    case asyncObserver
    /// A subject's `sendWhenReady(_:)`.
    case sendWhenReady
  }

  /// Where the producer's Task is cancelled while it suspends.
  enum CancellationPoint: CaseIterable, Sendable {
    /// After its last check for cancellation, before it registers as waiting (issue 25: this one was lost).
    case beforeRegistering
    /// After it registered as waiting, before its check for cancellation (it must not be resumed twice).
    case afterRegistering
  }

  /// A full buffer of one loop that never takes a batch; its producer cancels its own Task at `point`, and opens
  /// `suspended` once it has done every step of its suspension.
  static func fullStorage(cancellingAt point: CancellationPoint, suspended: Gate) -> Storage {
    let cancel: @Sendable () -> Void = { withUnsafeCurrentTask { $0?.cancel() } }
    let hooks =
      switch point {
      case .beforeRegistering:
        ForAwaitStorageHooks(producerWillRegister: cancel, producerDidSuspend: suspended.open)
      case .afterRegistering:
        ForAwaitStorageHooks(producerDidRegister: cancel, producerDidSuspend: suspended.open)
      }
    return Storage(policy: .bufferingOldest(1), _hooks: hooks)
  }

  /// Waits for room along `path`, in a Task whose cancellation the storage's hook triggers.
  static func sendWithoutRoom(along path: SendPath, into storage: Storage) -> Task<Void, Never> {
    switch path {
    case .waitForRoom:
      storage.eventReceived(.value(0))
      return Task { await storage.waitForRoom() }
    case .asyncObserver:
      storage.eventReceived(.value(0))
      let lifetime = Lifetime(backpressure: storage)
      let observer = AsyncObserver(Observer<Int, Never> { storage.eventReceived($0) }, lifetime: lifetime)
      return Task { await observer.send(1) }
    case .sendWhenReady:
      let subject = PassthroughSubject<Int, Never>()
      subject.signal.subscribe(Observer { storage.eventReceived($0) }, in: Lifetime(backpressure: storage))
      subject.send(0)
      return Task { await subject.sendWhenReady(1) }
    }
  }

  /// Issue 25: a cancellation that landed between the producer's check and its registration found nobody to
  /// resume, and the producer stayed registered, waiting for a loop that never made room.
  @Test(arguments: SendPath.allCases, CancellationPoint.allCases)
  func cancellingAWaitingProducerResumesIt(path: SendPath, point: CancellationPoint) async {
    let suspended = Gate()
    let storage = Self.fullStorage(cancellingAt: point, suspended: suspended)
    let producer = Self.sendWithoutRoom(along: path, into: storage)
    await suspended.wait()
    // Its suspension done, a cancelled producer must not be left waiting: it was resumed.
    #expect(storage._waitingProducerCount == 0)
    #expect(!storage.hasRoom())
    storage.finish()  // wakes a producer left waiting, so that a failure above does not hang the test
    await producer.value
    #expect(producer.isCancelled)
  }
}
