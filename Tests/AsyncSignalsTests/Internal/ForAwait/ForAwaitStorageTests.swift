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

  @Test func finishingMakesRoomForEveryone() {
    let storage = Storage(policy: .bufferingOldest(1))
    storage.eventReceived(.value(1))
    #expect(!storage.hasRoom())
    storage.finish()
    #expect(storage.hasRoom())
  }
}
