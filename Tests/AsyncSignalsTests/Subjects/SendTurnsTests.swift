import Testing

@testable import AsyncSignals

/// The turns of a subject's `sendWhenReady` senders, tested as a value (waiters are plain numbers).
@Suite struct SendTurnsTests {
  typealias Turns = SendTurns<Int>

  @Test func theFirstSenderEntersAtOnce() {
    var turns = Turns()
    let first = turns.enter()
    let second = turns.enter()
    #expect(first)
    #expect(!second)
  }

  @Test func aSenderThatFindsTheTurnFreeDoesNotWait() {
    var turns = Turns()
    let id = turns.enter(waiting: 1)
    #expect(id == nil)
    #expect(turns.isTaken)
  }

  @Test func leavingHandsTheTurnToTheWaitersInOrder() {
    var turns = Turns()
    _ = turns.enter()
    let first = turns.enter(waiting: 1)
    let second = turns.enter(waiting: 2)
    #expect(first != nil && second != nil && first != second)
    let handedToFirst = turns.leave()
    #expect(handedToFirst == 1)
    #expect(turns.isTaken)
    let handedToSecond = turns.leave()
    let handedToNobody = turns.leave()
    #expect(handedToSecond == 2)
    #expect(handedToNobody == nil)
    #expect(!turns.isTaken)
  }

  @Test func aCancelledWaiterLeavesTheLineOnce() throws {
    var turns = Turns()
    _ = turns.enter()
    let waiting = turns.enter(waiting: 1)
    let first = try #require(waiting)
    _ = turns.enter(waiting: 2)
    let cancelled = turns.cancel(id: first)
    let cancelledAgain = turns.cancel(id: first)
    let handedOver = turns.leave()
    #expect(cancelled == 1)
    #expect(cancelledAgain == nil)
    #expect(handedOver == 2)
  }
}
