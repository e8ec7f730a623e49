import Testing

@testable import AsyncSignals

/// The subject state machine, tested as a value: one test per (operation × state).
///
/// The order in which operations run (queued behind a delivery, re-entrant) is the subject's `SerialDelivery`'s,
/// tested through the subjects themselves.
@Suite struct SubjectStateMachineTests {
  typealias Machine = SubjectStateMachine<Int, Never>
  typealias Subscriber = SubjectSubscriber<Int, Never>

  static func subscriber() -> Subscriber {
    Subscriber(observer: Observer { _ in }, backpressure: nil)
  }

  /// A machine whose replay history holds `history` (capacity `capacity`), with `subscribers`.
  static func machine(
    capacity: Int = .max,
    history: [Int] = [],
    subscribers: [Subscriber] = []
  ) -> Machine {
    var buffer = ReplayBuffer<Int>(capacity: capacity)
    for value in history { _ = buffer.append(value) }
    var machine = Machine(history: buffer)
    for subscriber in subscribers {
      _ = machine.run(.subscribe(subscriber))
    }
    return machine
  }

  /// A machine that ended with `.completed`, after `history`.
  static func ended(history: [Int] = []) -> Machine {
    var machine = machine(history: history)
    _ = machine.run(.send(.completed))
    return machine
  }

  static func values(_ history: ReplayBuffer<Int>) -> [Int] {
    Array(history)
  }
}

extension SubjectStateMachineTests {
  @Suite struct Send {
    @Test func aValueIsRecordedAndDeliveredToTheRegisteredSubscribers() {
      let subscriber = SubjectStateMachineTests.subscriber()
      var machine = SubjectStateMachineTests.machine(capacity: 2, history: [1, 2], subscribers: [subscriber])
      guard case .deliver(let event, let evicted) = machine.run(.send(.value(3))) else {
        Issue.record("expected deliver")
        return
      }
      #expect(event == .value(3))
      #expect(evicted == 1)
      #expect(machine.latestValue == 3)
      #expect(machine.subscribers.count == 1 && machine.subscribers.entries[0] === subscriber)
    }

    @Test func theTerminalEventHandsOverTheSubscribersAndUnregistersThem() {
      let subscriber = SubjectStateMachineTests.subscriber()
      var machine = SubjectStateMachineTests.machine(subscribers: [subscriber])
      guard case .deliverTerminal(let event, let last) = machine.run(.send(.completed)) else {
        Issue.record("expected deliverTerminal")
        return
      }
      #expect(event == .completed)
      #expect(last.count == 1 && last[0] === subscriber)
      #expect(machine.subscribers.count == 0)
    }

    @Test func afterTheEndValuesAndTerminalEventsAreDropped() {
      var machine = SubjectStateMachineTests.ended(history: [1])
      guard case .none = machine.run(.send(.value(2))) else {
        Issue.record("expected the value to be dropped")
        return
      }
      guard case .none = machine.run(.send(.completed)) else {
        Issue.record("expected the second terminal event to be dropped")
        return
      }
      #expect(machine.latestValue == 1)
      #expect(machine.terminal == .completed)
    }
  }

  @Suite struct Subscribe {
    @Test func registersAndReplaysTheHistory() {
      var machine = SubjectStateMachineTests.machine(history: [1, 2])
      let subscriber = SubjectStateMachineTests.subscriber()
      guard case .replay(let history, let terminal, let replayed) = machine.run(.subscribe(subscriber)) else {
        Issue.record("expected replay")
        return
      }
      #expect(SubjectStateMachineTests.values(history) == [1, 2])
      #expect(terminal == nil)
      #expect(replayed === subscriber)
      #expect(subscriber.isRegistered)
      #expect(machine.subscribers.count == 1)
    }

    @Test func afterTheEndReplaysTheTerminalEventWithoutRegistering() {
      var machine = SubjectStateMachineTests.ended(history: [1])
      guard
        case .replay(let history, let terminal, let late) = machine.run(
          .subscribe(SubjectStateMachineTests.subscriber())
        )
      else {
        Issue.record("expected replay")
        return
      }
      #expect(SubjectStateMachineTests.values(history) == [1])
      #expect(terminal == .completed)
      #expect(!late.isRegistered)
      #expect(machine.subscribers.count == 0)
    }

    @Test func ofAnAlreadyDisposedSubscriberDoesNotRegister() {
      var machine = SubjectStateMachineTests.machine()
      let subscriber = SubjectStateMachineTests.subscriber()
      subscriber.deactivate()
      _ = machine.run(.subscribe(subscriber))
      #expect(machine.subscribers.count == 0)
    }
  }

  @Suite struct Remove {
    @Test func unregistersOnlyThatSubscriber() {
      let kept = SubjectStateMachineTests.subscriber()
      let removed = SubjectStateMachineTests.subscriber()
      var machine = SubjectStateMachineTests.machine(subscribers: [kept, removed])
      guard case .removed(let gone) = machine.run(.remove(removed)) else {
        Issue.record("expected the subscriber to be removed")
        return
      }
      #expect(gone === removed)
      #expect(machine.subscribers.count == 1 && machine.subscribers.entries[0] === kept)
    }

    @Test func whenNotRegisteredDoesNothing() {
      let kept = SubjectStateMachineTests.subscriber()
      var machine = SubjectStateMachineTests.machine(subscribers: [kept])
      guard case .none = machine.run(.remove(SubjectStateMachineTests.subscriber())) else {
        Issue.record("expected nothing to change")
        return
      }
      #expect(machine.subscribers.count == 1)
    }
  }
}
