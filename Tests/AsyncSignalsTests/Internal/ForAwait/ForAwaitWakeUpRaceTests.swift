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

/// The races between a consumer that suspends and what may resume it: a publishing producer, the overflow,
/// the end.
extension ForAwaitWakeUpRaceTests {
  /// What lands while the consumer suspends.
  enum Arrival: CaseIterable, Sendable {
    /// A value published into the ring.
    case ringValue
    /// A value that goes to the overflow (`.bufferingNewest` puts every value there).
    case overflowValue
    /// The end of the buffer (the loop's Task cancelled).
    case end
  }

  /// A buffer whose policy sends `arrival`'s values where it says.
  static func storage(for arrival: Arrival, hooks: ForAwaitStorageHooks) -> Storage {
    switch arrival {
    case .ringValue, .end:
      let storage = Storage(policy: .unbounded, _hooks: hooks)
      storage._useRing()
      return storage
    case .overflowValue:
      return Storage(policy: .bufferingNewest(4), _hooks: hooks)
    }
  }

  /// Delivers `arrival` to `storage`, as its producer or its canceller would.
  static func deliver(_ arrival: Arrival, to storage: Storage) {
    switch arrival {
    case .ringValue, .overflowValue: storage.eventReceived(.value(1))
    case .end: storage.finish()
    }
  }

  /// The batch `arrival` must wake the consumer with.
  static func expectedBatch(after arrival: Arrival) -> [Event<Int, Never>] {
    switch arrival {
    case .ringValue, .overflowValue: [.value(1)]
    case .end: []
    }
  }

  /// Lands after the consumer stored its continuation, before it announced that it waits: the announcement
  /// must see it, and the consumer take its suspension back (or find it taken and resumed).
  @Test(arguments: Arrival.allCases)
  func arrivalBeforeTheConsumerAnnouncesItWaitsResumesIt(arrival: Arrival) async {
    let storage = Locked<Storage?>(nil)
    let made = Self.storage(
      for: arrival,
      hooks: ForAwaitStorageHooks(consumerDidRegister: {
        storage.withLock { $0 }.map { Self.deliver(arrival, to: $0) }
      })
    )
    storage.withLock { $0 = made }
    let batch = await made.nextBatch(recycling: [], isolation: nil)
    #expect(batch == Self.expectedBatch(after: arrival))
  }

  /// Lands after the consumer announced that it waits: whoever delivers it must wake the consumer.
  @Test(arguments: Arrival.allCases)
  func arrivalAfterTheConsumerAnnouncedItWaitsWakesIt(arrival: Arrival) async {
    let suspended = Gate()
    let storage = Self.storage(for: arrival, hooks: ForAwaitStorageHooks(consumerDidSuspend: suspended.open))
    let consumer = Task { await storage.nextBatch(recycling: [], isolation: nil) }
    await suspended.wait()
    Self.deliver(arrival, to: storage)
    #expect(await consumer.value == Self.expectedBatch(after: arrival))
  }
}

/// The races between an asynchronous sender that waits for room and the consumer that makes it.
extension ForAwaitWakeUpRaceTests {
  /// How the consumer makes room for a waiting sender.
  enum RoomMaker: CaseIterable, Sendable {
    /// It gives back a batch taken from the ring.
    case ringBatchGivenBack
    /// It gives back a batch taken from the overflow (`.bufferingNewest`).
    case overflowBatchGivenBack
    /// It goes away.
    case end
  }

  /// A buffer with one value in flight, taken by the consumer, and no room for a second.
  static func fullStorage(for maker: RoomMaker, hooks: ForAwaitStorageHooks) -> Storage {
    let storage =
      switch maker {
      case .ringBatchGivenBack, .end: Storage(policy: .bufferingOldest(1), _hooks: hooks)
      case .overflowBatchGivenBack: Storage(policy: .bufferingNewest(1), _hooks: hooks)
      }
    if maker != .overflowBatchGivenBack {
      storage._useRing()
    }
    storage.eventReceived(.value(0))
    var batch: [Event<Int, Never>] = []
    _ = storage.takeBatch(into: &batch)
    return storage
  }

  /// Makes room the way `maker` says (on the consumer's side: the test is the consumer).
  static func makeRoom(_ maker: RoomMaker, in storage: Storage) {
    switch maker {
    case .ringBatchGivenBack, .overflowBatchGivenBack: storage.giveBack()
    case .end: storage.finish()
    }
  }

  /// Room made after the sender registered, before it announced that it waits: the announcement must see it,
  /// and the sender resume.
  @Test(arguments: RoomMaker.allCases)
  func roomMadeBeforeTheSenderAnnouncesItWaitsResumesIt(maker: RoomMaker) async {
    let storage = Locked<Storage?>(nil)
    let made = Self.fullStorage(
      for: maker,
      hooks: ForAwaitStorageHooks(producerDidRegister: {
        storage.withLock { $0 }.map { Self.makeRoom(maker, in: $0) }
      })
    )
    storage.withLock { $0 = made }
    #expect(!made.hasRoom())
    await made.waitForRoom()
    #expect(made.hasRoom())
    #expect(made._waitingProducerCount == 0)
  }

  /// Room made after the sender announced that it waits: the consumer must wake it.
  @Test(arguments: RoomMaker.allCases)
  func roomMadeAfterTheSenderAnnouncedItWaitsWakesIt(maker: RoomMaker) async {
    let suspended = Gate()
    let storage = Self.fullStorage(for: maker, hooks: ForAwaitStorageHooks(producerDidSuspend: suspended.open))
    let sender = Task { await storage.waitForRoom() }
    await suspended.wait()
    #expect(storage._waitingProducerCount == 1)
    Self.makeRoom(maker, in: storage)
    await sender.value
    #expect(storage.hasRoom())
  }
}
