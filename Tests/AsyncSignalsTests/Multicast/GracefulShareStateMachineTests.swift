import Testing

@testable import AsyncSignals

/// The states of sharing with a grace period, as values: subjects, connections and timers are strings here
/// (issue 39).
@Suite struct GracefulShareStateMachineTests {
  typealias Machine = GracefulShareStateMachine<String, String, String>

  /// A machine with one subscriber on connection "c1" of subject "s1".
  static func connected(replayExpires: Bool? = nil) -> Machine {
    var machine = Machine(replayExpires: replayExpires)
    _ = machine.subscriberAdded(makeSubject: { "s1" }, makeConnection: { "c1" })
    return machine
  }

  /// Leaves as the last subscriber and starts the stop timer "stop"; returns its number.
  static func leave(_ machine: inout Machine) -> UInt64 {
    guard case .startStopTimer(let number) = machine.subscriberRemoved(generation: 1) else {
      Issue.record("expected the stop timer")
      return 0
    }
    let started = machine.stopTimerStarted("stop", number: number)
    #expect(started)
    return number
  }

  @Test func theFirstSubscriberOpensAndTheNextOnesJoin() {
    var machine = Machine(replayExpires: nil)
    guard case .open("s1", "c1", 1, nil) = machine.subscriberAdded(makeSubject: { "s1" }, makeConnection: { "c1" })
    else {
      Issue.record("expected open")
      return
    }
    guard case .join("s1", 1, nil) = machine.subscriberAdded(makeSubject: { "s2" }, makeConnection: { "c2" }) else {
      Issue.record("expected join")
      return
    }
    guard case .none = machine.subscriberRemoved(generation: 1) else {
      Issue.record("one is left")
      return
    }
  }

  @Test func aSubscriberWithinTheGracePeriodCancelsTheStopTimerAndJoins() {
    var machine = Self.connected()
    let number = Self.leave(&machine)
    guard case .join("s1", 1, "stop") = machine.subscriberAdded(makeSubject: { "s2" }, makeConnection: { "c2" })
    else {
      Issue.record("expected a join that cancels the stop timer")
      return
    }
    guard case .none = machine.stopTimerFired(number: number) else {
      Issue.record("a cancelled timer that fires anyway changes nothing")
      return
    }
  }

  @Test func aSubscriberBackBeforeTheTimerStartedIsCountedOnce() {
    var machine = Self.connected()
    guard case .startStopTimer(let number) = machine.subscriberRemoved(generation: 1) else {
      Issue.record("expected the stop timer")
      return
    }
    _ = machine.subscriberAdded(makeSubject: { "s2" }, makeConnection: { "c2" })  // before the timer is reported
    let refused = machine.stopTimerStarted("stop", number: number)
    #expect(!refused)  // the owner cancels it
    guard case .startStopTimer = machine.subscriberRemoved(generation: 1) else {
      Issue.record("the returning subscriber was the only one: its leaving starts a new grace period")
      return
    }
  }

  @Test func theStopTimerClosesTheConnectionAndKeepsTheSubjectForTheNextSubscriber() {
    var machine = Self.connected()
    let number = Self.leave(&machine)
    guard case .close("c1", nil) = machine.stopTimerFired(number: number) else {
      Issue.record("close")
      return
    }
    guard case .open("s1", "c2", 2, nil) = machine.subscriberAdded(makeSubject: { "s2" }, makeConnection: { "c2" })
    else {
      Issue.record("expected the cached subject with a new connection")
      return
    }
  }

  @Test func theReplayExpiresWithTheConnectionOrAfterItsTimer() {
    var immediate = Self.connected(replayExpires: false)
    let first = Self.leave(&immediate)
    _ = immediate.stopTimerFired(number: first)
    guard case .open("s2", "c2", 2, nil) = immediate.subscriberAdded(makeSubject: { "s2" }, makeConnection: { "c2" })
    else {
      Issue.record("expected a new subject")
      return
    }

    var delayed = Self.connected(replayExpires: true)
    let stop = Self.leave(&delayed)
    guard case .close("c1", let expiry?) = delayed.stopTimerFired(number: stop) else {
      Issue.record("expected the expiry timer")
      return
    }
    let expiryStarted = delayed.expiryTimerStarted("expiry", number: expiry)
    #expect(expiryStarted)
    delayed.expiryTimerFired(number: expiry)
    guard case .open("s2", "c2", 2, nil) = delayed.subscriberAdded(makeSubject: { "s2" }, makeConnection: { "c2" })
    else {
      Issue.record("expected a new subject after the expiry")
      return
    }

    var returning = Self.connected(replayExpires: true)
    let again = Self.leave(&returning)
    guard case .close(_, let timer?) = returning.stopTimerFired(number: again) else {
      Issue.record("close")
      return
    }
    let returningExpiryStarted = returning.expiryTimerStarted("expiry", number: timer)
    #expect(returningExpiryStarted)
    guard
      case .open("s1", "c2", 2, "expiry") = returning.subscriberAdded(makeSubject: { "s2" }, makeConnection: { "c2" })
    else {
      Issue.record("expected the cached subject, cancelling the expiry timer")
      return
    }
  }

  @Test func anEndResetsOrIsKeptForGood() {
    var resetting = Self.connected()
    _ = Self.leave(&resetting)
    let cancelledStop = resetting.sourceEnded(generation: 1, resets: true)
    #expect(cancelledStop == "stop")  // cancel the stop timer
    guard case .open("s2", "c2", 2, nil) = resetting.subscriberAdded(makeSubject: { "s2" }, makeConnection: { "c2" })
    else {
      Issue.record("expected to start over")
      return
    }

    var keeping = Self.connected()
    let nothingToCancel = keeping.sourceEnded(generation: 1, resets: false)
    #expect(nothingToCancel == nil)
    guard case .ended("s1") = keeping.subscriberAdded(makeSubject: { "s2" }, makeConnection: { "c2" }) else {
      Issue.record("expected the ended subject")
      return
    }
    let nothingAgain = keeping.sourceEnded(generation: 1, resets: false)
    #expect(nothingAgain == nil)  // once
    guard case .none = keeping.subscriberRemoved(generation: 1) else {
      Issue.record("nothing to stop")
      return
    }
  }
}
