import AsyncSignals
import AsyncSignalsTesting
import LegacyBridge
import Testing

/// A command's executions run their `async` work on the `TestScheduler` when the test drives them through it
/// (issue 18): from a scripted tap, from a test action, or from the execution before them.
@Suite struct CommandVirtualTimeTests {
  let scheduler = TestScheduler()

  /// A command whose execution takes one second of the scheduler's time and returns twice its input.
  func makeDoubling(strategy: ExecutionStrategy = .serial) -> Command<Int, Int, Never> {
    Command(strategy: strategy) { [scheduler] (input: Int) async -> Int in
      try? await scheduler.sleep(for: .seconds(1))
      return input * 2
    }
  }

  @Test func anExecutionStartedByAScriptedTapRunsOnTheScheduler() {
    let command = makeDoubling()
    let taps = scheduler.makeHotSignal([.value(21, at: .seconds(2))] as [Recorded<Int, Never>])
    let values = scheduler.record(command.values)
    let executing = scheduler.record(command.isExecuting)
    let tapping = taps.signal.subscribe(isolation: nil, value: { command.execute($0) })
    scheduler.advance(by: .seconds(5))
    #expect(values.events == [.value(42, at: .seconds(3))])
    #expect(
      executing.events == [
        .value(false, at: .zero), .value(true, at: .seconds(2)), .value(false, at: .seconds(3)),
      ]
    )
    tapping.dispose()
  }

  @Test func queuedExecutionsStartedByTestActionsRunOnTheScheduler() {
    let command = makeDoubling(strategy: .enqueue)
    let values = scheduler.record(command.values)
    scheduler.perform(at: .seconds(1)) {
      command.execute(1)
      command.execute(2)  // waits for the first, then starts from inside its Task
    }
    scheduler.advance(by: .seconds(5))
    #expect(values.events == [.value(2, at: .seconds(2)), .value(4, at: .seconds(3))])
    #expect(scheduler.escapedWork == [])
  }

  @Test func anExecutionsSignalRecordsItsHistory() {
    let command = Command<String, String, Never>(isolation: nil) { [scheduler] query in
      Signal(operation: {
        try? await scheduler.sleep(for: .milliseconds(200))
        return "results for \(query)"
      })
    }
    var execution: TestRecorder<String, CommandError<Never>>?
    scheduler.perform(at: .seconds(1)) { execution = scheduler.record(command.execute("swift")) }
    scheduler.advance(by: .seconds(2))
    #expect(
      execution?.events == [
        .value("results for swift", at: .milliseconds(1_200)), .completed(at: .milliseconds(1_200)),
      ]
    )
  }
}
