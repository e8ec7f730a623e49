import Testing

@testable import AsyncSignals

/// `retry(when:)`'s machine, tested as a value: one test per (input × state).
@Suite struct RetryWhenStateMachineTests {
  typealias Machine = RetryWhenStateMachine<Boom>

  /// A machine whose first attempt failed synchronously (the subscription call has not returned yet).
  static func waitingInsideTheFirstCall() -> Machine {
    var machine = Machine()
    _ = machine.attemptFailed(Boom(code: 1))
    return machine
  }

  /// A machine whose first attempt failed after its subscription call returned.
  static func waiting() -> Machine {
    var machine = Machine()
    _ = machine.subscriptionReturned()
    _ = machine.attemptFailed(Boom(code: 1))
    return machine
  }
}

extension RetryWhenStateMachineTests {
  @Suite struct AttemptFailed {
    @Test func whileTheTriggerRunsReportsTheFailure() {
      var machine = Machine()
      guard case .reportFailure(Boom(code: 1)) = machine.attemptFailed(Boom(code: 1)) else {
        Issue.record("expected the failure to go to the trigger")
        return
      }
    }

    @Test func afterTheTriggerCompletedFailsTheResult() {
      var machine = Machine()
      _ = machine.triggerCompleted()
      guard case .fail(Boom(code: 2)) = machine.attemptFailed(Boom(code: 2)) else {
        Issue.record("expected the result to fail")
        return
      }
    }

    @Test func afterTheEndIsIgnored() {
      var machine = Machine()
      _ = machine.attemptCompleted()
      guard case .none = machine.attemptFailed(Boom()) else {
        Issue.record("expected nothing")
        return
      }
    }
  }

  @Suite struct AttemptCompleted {
    @Test func completesTheResultOnce() {
      var machine = Machine()
      #expect(machine.attemptCompleted() == true)
      #expect(machine.attemptCompleted() == false)
    }

    @Test func whileWaitingIsIgnored() {
      var machine = RetryWhenStateMachineTests.waiting()
      #expect(machine.attemptCompleted() == false)
    }
  }

  @Suite struct TriggerSent {
    @Test func whileAnAttemptRunsIsIgnored() {
      var machine = Machine()
      #expect(machine.triggerSent() == .none)
      _ = machine.subscriptionReturned()
      #expect(machine.triggerSent() == .none)
    }

    @Test func afterAnAsynchronousFailureStartsTheLoop() {
      var machine = RetryWhenStateMachineTests.waiting()
      #expect(machine.triggerSent() == .startLoop)
      #expect(machine.subscriptionReturned() == false)
    }

    @Test func insideTheSubscriptionCallAsksTheLoopForAnotherRound() {
      var machine = RetryWhenStateMachineTests.waitingInsideTheFirstCall()
      #expect(machine.triggerSent() == .none)
      #expect(machine.subscriptionReturned() == true)
      #expect(machine.subscriptionReturned() == false)
    }

    @Test func afterTheEndIsIgnored() {
      var machine = RetryWhenStateMachineTests.waiting()
      _ = machine.triggerCompleted()
      #expect(machine.triggerSent() == .none)
    }
  }

  @Suite struct TriggerCompleted {
    @Test func whileAnAttemptRunsMakesItTheLast() {
      var machine = Machine()
      guard case .none = machine.triggerCompleted() else {
        Issue.record("expected nothing yet")
        return
      }
      #expect(machine.attemptCompleted() == true)
    }

    @Test func whileWaitingFailsWithTheWaitingFailure() {
      var machine = RetryWhenStateMachineTests.waiting()
      guard case .fail(Boom(code: 1)) = machine.triggerCompleted() else {
        Issue.record("expected the waiting failure")
        return
      }
      guard case .none = machine.triggerCompleted() else {
        Issue.record("expected nothing after the end")
        return
      }
    }
  }

  @Suite struct SubscriptionReturned {
    @Test func withoutAnotherRoundGoesIdle() {
      var machine = Machine()
      #expect(machine.subscriptionReturned() == false)
    }

    @Test func whileIdleIsAnInternalInconsistency() async {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        var machine = RetryWhenStateMachine<Boom>()
        _ = machine.subscriptionReturned()
        _ = machine.subscriptionReturned()
      }
      #expect(result?.standardErrorText.contains("RetryWhen: internal inconsistency") == true)
    }
  }
}

@Suite struct RetryDelayTests {
  @Test func constantWaitsTheSameBeforeEveryRetry() {
    let delay = RetryDelay.constant(.seconds(2))
    #expect((1...4).map(delay.delay(beforeRetry:)) == Array(repeating: .seconds(2), count: 4))
  }

  @Test func exponentialGrowsByTheMultiplierUpToTheMaximum() {
    let delay = RetryDelay.exponential(initial: .milliseconds(500), multiplier: 2, maximum: .seconds(3))
    #expect(
      (1...6).map(delay.delay(beforeRetry:))
        == [.milliseconds(500), .seconds(1), .seconds(2), .seconds(3), .seconds(3), .seconds(3)]
    )
  }

  @Test func exponentialDoublesUnlessGivenAMultiplier() {
    let delay = RetryDelay.exponential(initial: .milliseconds(500))
    #expect((1...4).map(delay.delay(beforeRetry:)) == [.milliseconds(500), .seconds(1), .seconds(2), .seconds(4)])
  }

  @Test func exponentialWithoutAMaximumDoesNotOverflow() {
    let delay = RetryDelay.exponential(initial: .seconds(1), multiplier: 10)
    #expect(delay.delay(beforeRetry: 1_000) == .seconds(1_000_000_000))
  }

  @Test func jitterTransformsEachWaitAndNeverGoesNegative() {
    let halved = RetryDelay.exponential(initial: .seconds(2)).jittered { $0 / 2 }
    #expect((1...3).map(halved.delay(beforeRetry:)) == [.seconds(1), .seconds(2), .seconds(4)])
    let negative = RetryDelay.constant(.seconds(1)).jittered { $0 - .seconds(5) }
    #expect(negative.delay(beforeRetry: 1) == .zero)
    let twice = RetryDelay.constant(.seconds(1)).jittered { $0 * 2 }.jittered { $0 + .seconds(1) }
    #expect(twice.delay(beforeRetry: 1) == .seconds(3))
  }

  @Test func invalidArgumentsAreAPrecondition() async {
    let constant = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = RetryDelay.constant(.seconds(-1))
    }
    #expect(constant?.standardErrorText.contains("RetryDelay.constant(_:): delay must be >= 0") == true)
    let multiplier = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = RetryDelay.exponential(initial: .seconds(1), multiplier: 0.5)
    }
    #expect(multiplier?.standardErrorText.contains("multiplier must be >= 1") == true)
    let maximum = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = RetryDelay.exponential(initial: .seconds(2), maximum: .seconds(1))
    }
    #expect(maximum?.standardErrorText.contains("maximum must be >= initial") == true)
  }
}
