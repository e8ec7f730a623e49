import Testing

@testable import AsyncSignals

/// The `for await` buffer's room flag, which asynchronous senders read without taking its lock.
@Suite(.timeLimit(.minutes(1))) struct ForAwaitStorageTests {
  typealias Storage = ForAwaitStorage<Int, Never>

  @Test func hasRoomUntilTheLimitIsBuffered() {
    let storage = Storage(policy: .bufferingOldest(2))
    #expect(storage.hasRoom())
    storage.eventReceived(.value(1))
    #expect(storage.hasRoom())
    storage.eventReceived(.value(2))
    #expect(!storage.hasRoom())
  }

  @Test func batchTakenStaysInFlightUntilTheNextRequest() async {
    let storage = Storage(policy: .bufferingOldest(2))
    storage.eventReceived(.value(1))
    storage.eventReceived(.value(2))
    let batch = await storage.nextBatch(recycling: [], isolation: nil)
    #expect(batch == [.value(1), .value(2)])
    #expect(!storage.hasRoom())
    storage.eventReceived(.completed)
    let last = await storage.nextBatch(recycling: [], isolation: nil)
    #expect(last == [.completed])
    #expect(storage.hasRoom())
  }

  /// The ring is allocated at the consumer's second batch request: a loop that takes one batch (a one-value
  /// signal) takes the overflow's array and allocates nothing more.
  @Test func theRingIsMadeAtTheSecondBatch() async {
    let storage = Storage(policy: .unbounded)
    storage.eventReceived(.value(1))
    #expect(await storage.nextBatch(recycling: [], isolation: nil) == [.value(1)])
    #expect(!storage._usesRing)
    storage.eventReceived(.value(2))
    #expect(await storage.nextBatch(recycling: [], isolation: nil) == [.value(2)])
    #expect(storage._usesRing)
    storage.eventReceived(.value(3))
    storage.eventReceived(.completed)
    #expect(await storage.nextBatch(recycling: [], isolation: nil) == [.value(3), .completed])
  }

  @Test(arguments: [true, false])
  func hasRoomUntilTheLimitIsBufferedWithOrWithoutTheRing(ring: Bool) {
    let storage = Storage(policy: .bufferingOldest(2))
    if ring { storage._useRing() }
    storage.eventReceived(.value(1))
    #expect(storage.hasRoom())
    storage.eventReceived(.value(2))
    #expect(!storage.hasRoom())
    storage.eventReceived(.value(3))  // dropped by the policy
    storage.eventReceived(.completed)
    var batch: [Event<Int, Never>] = []
    _ = storage.takeBatch(into: &batch)
    #expect(batch == [.value(1), .value(2), .completed])
  }

  @Test func finishingMakesRoomForEveryone() {
    let storage = Storage(policy: .bufferingOldest(1))
    storage.eventReceived(.value(1))
    #expect(!storage.hasRoom())
    storage.finish()
    #expect(storage.hasRoom())
  }
}
