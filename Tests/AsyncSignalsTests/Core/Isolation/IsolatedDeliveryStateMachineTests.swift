import Testing

@testable import AsyncSignals

/// The mailbox of an actor-isolated subscription, as a pure machine (issue 37).
///
/// Each input in each state, with the action it answers and the backlog it leaves. `IsolatedSubscription` carries the actions out; its own tests
/// (`IsolatedSubscriptionTests`, `DisposeReleaseTests`) check the carrying out.
@Suite struct IsolatedDeliveryStateMachineTests {
  typealias Machine = IsolatedDeliveryStateMachine<Int>

  /// The elements of `action`'s batch, or `nil` for `.finish`.
  static func batch(_ action: Machine.DrainAction) -> [Int]? {
    guard case .deliver(var queue) = action else { return nil }
    var elements: [Int] = []
    while let element = queue.popFirst() { elements.append(element) }
    return elements
  }

  @Test func anEventOnTheActorWithNothingQueuedIsDeliveredAtOnce() {
    var machine = Machine()
    guard case .deliverNow(1) = machine.eventReceived(1, onActor: true) else {
      Issue.record("expected deliverNow(1)")
      return
    }
    #expect(!machine.hasBacklog)
    #expect(Self.batch(machine.drainStarted()) == nil)  // a hop that finds nothing: finish
  }

  @Test func theFirstEventOffTheActorSchedulesOneHopAndTheNextOnesWait() {
    var machine = Machine()
    guard case .scheduleHop = machine.eventReceived(1, onActor: false) else {
      Issue.record("expected scheduleHop")
      return
    }
    #expect(machine.hasBacklog)
    guard case .none = machine.eventReceived(2, onActor: false) else {
      Issue.record("expected none: the hop already scheduled delivers it")
      return
    }
    #expect(Self.batch(machine.drainStarted()) == [1, 2])
    #expect(machine.hasBacklog)  // draining: an event on the actor must wait behind the batch
    #expect(Self.batch(machine.batchDelivered()) == nil)
    #expect(!machine.hasBacklog)
  }

  @Test func anEventOnTheActorBehindQueuedOnesDrainsNowInOrder() {
    var machine = Machine()
    _ = machine.eventReceived(1, onActor: false)
    guard case .drainNow = machine.eventReceived(2, onActor: true) else {
      Issue.record("expected drainNow: the caller on the actor delivers the queue, its event last")
      return
    }
    #expect(Self.batch(machine.drainStarted()) == [1, 2])
    #expect(Self.batch(machine.batchDelivered()) == nil)
    // The hop scheduled for event 1 arrives later and finds nothing.
    #expect(Self.batch(machine.drainStarted()) == nil)
  }

  @Test func whatArrivesDuringADrainIsTheNextBatch() {
    var machine = Machine()
    _ = machine.eventReceived(1, onActor: false)
    #expect(Self.batch(machine.drainStarted()) == [1])
    for (element, onActor) in [(2, false), (3, true)] {
      guard case .none = machine.eventReceived(element, onActor: onActor) else {
        Issue.record("expected none while draining, for \(element)")
        return
      }
    }
    #expect(Self.batch(machine.batchDelivered()) == [2, 3])
    #expect(Self.batch(machine.batchDelivered()) == nil)
    guard case .deliverNow(4) = machine.eventReceived(4, onActor: true) else {
      Issue.record("expected deliverNow(4) once idle again")
      return
    }
  }

  @Test func stoppingReturnsWhatWaitedAndDropsEverythingAfter() {
    var queued = Machine()
    _ = queued.eventReceived(1, onActor: false)
    _ = queued.eventReceived(2, onActor: false)
    var dropped = queued.stopped()
    #expect(dropped?.popFirst() == 1)
    #expect(dropped?.popFirst() == 2)
    #expect(!queued.hasBacklog)
    guard case .none = queued.eventReceived(3, onActor: true) else {
      Issue.record("expected none after stopping")
      return
    }
    #expect(Self.batch(queued.drainStarted()) == nil)

    var draining = Machine()
    _ = draining.eventReceived(1, onActor: false)
    _ = draining.drainStarted()
    _ = draining.eventReceived(2, onActor: false)
    var waiting = draining.stopped()
    #expect(waiting?.popFirst() == 2)
    #expect(waiting?.popFirst() == nil)
    #expect(Self.batch(draining.batchDelivered()) == nil)  // the drain in hand ends

    var idle = Machine()
    #expect(idle.stopped() == nil)
    #expect(idle.stopped() == nil)  // stopping twice is harmless
  }
}
