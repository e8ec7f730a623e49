import Testing

@testable import LegacyBridge

@Suite struct CommandStateMachineTests {
  @Suite struct Serial {
    @Test func startsWhenIdleAndRejectsWhileRunning() {
      var machine = CommandStateMachine(strategy: .serial)
      #expect(machine.isEnabled)
      #expect(!machine.isExecuting)
      #expect(machine.executeRequested() == .start(id: 0))
      #expect(!machine.isEnabled)
      #expect(machine.isExecuting)
      #expect(machine.executeRequested() == .rejectNotEnabled)
      #expect(machine.executionFinished(id: 0) == FinishAction.none)
      #expect(machine.isEnabled)
      #expect(machine.executeRequested() == .start(id: 1))
    }

    @Test func rejectsWhenTheUserDisabledIt() {
      var machine = CommandStateMachine(strategy: .serial)
      machine.enabledChanged(false)
      #expect(!machine.isEnabled)
      #expect(machine.executeRequested() == .rejectNotEnabled)
      machine.enabledChanged(true)
      #expect(machine.executeRequested() == .start(id: 0))
    }
  }

  @Suite struct Concurrent {
    @Test func startsEveryCallAndStaysEnabled() {
      var machine = CommandStateMachine(strategy: .concurrent)
      #expect(machine.executeRequested() == .start(id: 0))
      #expect(machine.executeRequested() == .start(id: 1))
      #expect(machine.isEnabled)
      #expect(machine.executionFinished(id: 1) == FinishAction.none)
      #expect(machine.isExecuting)
      #expect(machine.executionFinished(id: 0) == FinishAction.none)
      #expect(!machine.isExecuting)
    }

    @Test func rejectsWhenTheUserDisabledIt() {
      var machine = CommandStateMachine(strategy: .concurrent)
      machine.enabledChanged(false)
      #expect(machine.executeRequested() == .rejectNotEnabled)
    }
  }

  @Suite struct Enqueue {
    @Test func queuesWhileRunningAndStartsInOrder() {
      var machine = CommandStateMachine(strategy: .enqueue)
      #expect(machine.executeRequested() == .start(id: 0))
      #expect(machine.executeRequested() == .enqueue(id: 1))
      #expect(machine.executeRequested() == .enqueue(id: 2))
      #expect(machine.isEnabled)
      #expect(machine.executionFinished(id: 0) == .start(id: 1))
      #expect(machine.isExecuting)
      #expect(machine.executionFinished(id: 1) == .start(id: 2))
      #expect(machine.executionFinished(id: 2) == FinishAction.none)
      #expect(!machine.isExecuting)
    }

    @Test func waitingExecutionsRunEvenAfterTheUserDisabledIt() {
      var machine = CommandStateMachine(strategy: .enqueue)
      _ = machine.executeRequested()
      _ = machine.executeRequested()
      machine.enabledChanged(false)
      #expect(machine.executeRequested() == .rejectNotEnabled)
      #expect(machine.executionFinished(id: 0) == .start(id: 1))
    }
  }

  @Suite struct ReplaceLatest {
    @Test func cancelsTheRunningExecution() {
      var machine = CommandStateMachine(strategy: .replaceLatest)
      #expect(machine.executeRequested() == .start(id: 0))
      #expect(machine.executeRequested() == .cancelAndStart(cancelled: [0], id: 1))
      #expect(!machine.isRunning(0))
      #expect(machine.isRunning(1))
      #expect(machine.isEnabled)
    }

    @Test func aReplacedExecutionThatEndsLateIsIgnored() {
      var machine = CommandStateMachine(strategy: .replaceLatest)
      _ = machine.executeRequested()
      _ = machine.executeRequested()
      #expect(machine.executionFinished(id: 0) == FinishAction.none)
      #expect(machine.isExecuting)
      #expect(machine.executionFinished(id: 1) == FinishAction.none)
      #expect(!machine.isExecuting)
    }
  }
}

private typealias FinishAction = CommandStateMachine.FinishAction
