import Testing

@testable import AsyncSignals

/// The subject state machine, tested as a value: one test per (input × state).
@Suite struct SubjectStateMachineTests {
  typealias Machine = SubjectStateMachine<Int, Never>
  typealias Subscriber = SubjectSubscriber<Int, Never>

  static func subscriber() -> Subscriber {
    Subscriber(observer: Observer { _ in }, backpressure: nil)
  }

  /// A machine whose replay history holds `history` (capacity `capacity`), idle, with `subscribers`.
  static func idle(
    capacity: Int = .max,
    history: [Int] = [],
    subscribers: [Subscriber] = []
  ) -> Machine {
    var buffer = ReplayBuffer<Int>(capacity: capacity)
    for value in history { _ = buffer.append(value) }
    var machine = Machine(history: buffer)
    for subscriber in subscribers {
      _ = machine.subscribeRequested(subscriber)
      _ = machine.stepFinished()
    }
    return machine
  }

  /// A machine in the delivering state: a deliverer is delivering `.value(0)`.
  static func delivering(subscribers: [Subscriber] = []) -> Machine {
    var machine = idle(subscribers: subscribers)
    _ = machine.eventSent(.value(0))
    return machine
  }

  static func values(_ history: ReplayBuffer<Int>) -> [Int] {
    Array(history)
  }
}

extension SubjectStateMachineTests {
  @Suite struct EventSent {
    @Test func whileIdleDeliversToTheRegisteredSubscribersAndRecordsTheValue() {
      let subscriber = SubjectStateMachineTests.subscriber()
      var machine = SubjectStateMachineTests.idle(capacity: 2, history: [1, 2], subscribers: [subscriber])
      guard case .deliver(let event, let subscribers, let evicted) = machine.eventSent(.value(3)) else {
        Issue.record("expected deliver")
        return
      }
      #expect(event == .value(3))
      #expect(subscribers.count == 1 && subscribers[0] === subscriber)
      #expect(evicted == 1)
      #expect(machine.latestValue == 3)
    }

    @Test func whileDeliveringQueuesUntilTheStepFinishes() {
      var machine = SubjectStateMachineTests.delivering()
      #expect(machine.eventSent(.value(1)) == nil)
      #expect(machine.latestValue == 0)
      guard case .deliver(let event, _, _) = machine.stepFinished() else {
        Issue.record("expected the queued event")
        return
      }
      #expect(event == .value(1))
      #expect(machine.latestValue == 1)
      #expect(machine.stepFinished() == nil)
    }

    @Test func terminalHandsOverTheSubscribersAndUnregistersThem() {
      let subscriber = SubjectStateMachineTests.subscriber()
      var machine = SubjectStateMachineTests.idle(subscribers: [subscriber])
      guard case .deliver(let event, let subscribers, _) = machine.eventSent(.completed) else {
        Issue.record("expected deliver")
        return
      }
      #expect(event == .completed)
      #expect(subscribers.count == 1)
      #expect(machine.currentSubscribers.isEmpty)
    }

    @Test func afterAQueuedTerminalEventDrops() {
      var machine = SubjectStateMachineTests.delivering()
      #expect(machine.eventSent(.completed) == nil)
      #expect(machine.eventSent(.value(1)) == nil)
      guard case .deliver(.completed, _, _) = machine.stepFinished() else {
        Issue.record("expected the terminal event")
        return
      }
      #expect(machine.stepFinished() == nil)
    }

    @Test func afterTheEndDrops() {
      var machine = SubjectStateMachineTests.idle()
      _ = machine.eventSent(.completed)
      _ = machine.stepFinished()
      #expect(machine.eventSent(.value(1)) == nil)
      #expect(machine.latestValue == nil)
    }
  }

  @Suite struct SubscribeRequested {
    @Test func whileIdleRegistersAndReplaysAtOnce() {
      var machine = SubjectStateMachineTests.idle(history: [1, 2])
      let subscriber = SubjectStateMachineTests.subscriber()
      guard case .replay(let history, let terminal, let replayed) = machine.subscribeRequested(subscriber) else {
        Issue.record("expected replay")
        return
      }
      #expect(SubjectStateMachineTests.values(history) == [1, 2])
      #expect(terminal == nil)
      #expect(replayed === subscriber)
      #expect(machine.currentSubscribers.count == 1)
    }

    @Test func whileDeliveringIsRegisteredAfterTheInFlightValueWhichItReplays() {
      var machine = SubjectStateMachineTests.delivering()
      let subscriber = SubjectStateMachineTests.subscriber()
      #expect(machine.subscribeRequested(subscriber) == nil)
      #expect(machine.currentSubscribers.isEmpty)
      guard case .replay(let history, _, _) = machine.stepFinished() else {
        Issue.record("expected replay")
        return
      }
      #expect(SubjectStateMachineTests.values(history) == [0])
      #expect(machine.currentSubscribers.count == 1)
    }

    @Test func queuedBehindASendReplaysItInsteadOfReceivingItLive() {
      var machine = SubjectStateMachineTests.delivering()
      _ = machine.eventSent(.value(1))
      let subscriber = SubjectStateMachineTests.subscriber()
      _ = machine.subscribeRequested(subscriber)
      guard case .deliver(.value(1), let subscribers, _) = machine.stepFinished() else {
        Issue.record("expected the queued value")
        return
      }
      #expect(subscribers.isEmpty)
      guard case .replay(let history, _, _) = machine.stepFinished() else {
        Issue.record("expected replay")
        return
      }
      #expect(SubjectStateMachineTests.values(history) == [0, 1])
    }

    @Test func afterTheEndReplaysTheTerminalEventWithoutRegistering() {
      var machine = SubjectStateMachineTests.idle(history: [1])
      _ = machine.eventSent(.completed)
      _ = machine.stepFinished()
      guard
        case .replay(let history, let terminal, _) = machine.subscribeRequested(
          SubjectStateMachineTests.subscriber()
        )
      else {
        Issue.record("expected replay")
        return
      }
      #expect(SubjectStateMachineTests.values(history) == [1])
      #expect(terminal == .completed)
      #expect(machine.currentSubscribers.isEmpty)
    }

    @Test func ofAnAlreadyDisposedSubscriberDoesNotRegister() {
      var machine = SubjectStateMachineTests.idle()
      let subscriber = SubjectStateMachineTests.subscriber()
      subscriber.deactivate()
      _ = machine.subscribeRequested(subscriber)
      #expect(machine.currentSubscribers.isEmpty)
    }
  }

  @Suite struct SubscriberRemoved {
    @Test func whileIdleUnregistersAndHandsItBack() {
      let kept = SubjectStateMachineTests.subscriber()
      let removed = SubjectStateMachineTests.subscriber()
      var machine = SubjectStateMachineTests.idle(subscribers: [kept, removed])
      #expect(machine.subscriberRemoved(removed) === removed)
      #expect(machine.currentSubscribers.count == 1 && machine.currentSubscribers[0] === kept)
    }

    @Test func whileDeliveringLeavesTheSnapshotOfTheDeliveryIntact() {
      let subscriber = SubjectStateMachineTests.subscriber()
      var machine = SubjectStateMachineTests.idle(subscribers: [subscriber])
      guard case .deliver(_, let snapshot, _) = machine.eventSent(.value(1)) else {
        Issue.record("expected deliver")
        return
      }
      #expect(machine.subscriberRemoved(subscriber) === subscriber)
      #expect(snapshot.count == 1)
      #expect(machine.currentSubscribers.isEmpty)
    }

    @Test func whenNotRegisteredDoesNothing() {
      var machine = SubjectStateMachineTests.idle()
      #expect(machine.subscriberRemoved(SubjectStateMachineTests.subscriber()) == nil)
    }
  }
}
