import Testing

@testable import AsyncSignals

/// `SubscriberWaiters` as a value: which waiters each change of a subject's subscribers resumes.
@Suite struct SubscriberWaitersTests {
  @Test func aWaiterWithEnoughSubscribersAlreadyDoesNotWait() {
    var waiters = SubscriberWaiters<String>()
    let enough = waiters.add(awaiting: 2, current: 2, "a")
    let none = waiters.add(awaiting: 0, current: 0, "b")
    #expect(enough == nil)
    #expect(none == nil)
    #expect(waiters.isEmpty)
  }

  @Test func aChangeResumesTheWaitersItSatisfiesInOrder() {
    var waiters = SubscriberWaiters<String>()
    _ = waiters.add(awaiting: 1, current: 0, "one")
    _ = waiters.add(awaiting: 2, current: 0, "two")
    _ = waiters.add(awaiting: 1, current: 0, "one again")
    let atOne = waiters.subscribersChanged(to: 1, ended: false)
    let atZero = waiters.subscribersChanged(to: 0, ended: false)
    let atTwo = waiters.subscribersChanged(to: 2, ended: false)
    #expect(atOne == ["one", "one again"])
    #expect(atZero == [])
    #expect(atTwo == ["two"])
    #expect(waiters.isEmpty)
  }

  @Test func theEndResumesEveryWaiterAndLaterOnesDoNotWait() {
    var waiters = SubscriberWaiters<String>()
    _ = waiters.add(awaiting: 3, current: 0, "a")
    let atTheEnd = waiters.subscribersChanged(to: 0, ended: true)
    let late = waiters.add(awaiting: 1, current: 0, "late")
    #expect(atTheEnd == ["a"])
    #expect(late == nil)
  }

  @Test func cancellingResumesOnlyThatWaiterAndOnlyOnce() {
    var waiters = SubscriberWaiters<String>()
    let first = waiters.add(awaiting: 1, current: 0, "first")
    _ = waiters.add(awaiting: 1, current: 0, "second")
    let cancelled = first.flatMap { waiters.cancel(id: $0) }
    let again = first.flatMap { waiters.cancel(id: $0) }
    let atOne = waiters.subscribersChanged(to: 1, ended: false)
    #expect(cancelled == "first")
    #expect(again == nil)
    #expect(atOne == ["second"])
  }
}
