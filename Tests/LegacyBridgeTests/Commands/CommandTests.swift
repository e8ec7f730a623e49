import AsyncSignals
import AsyncSignalsTesting
import LegacyBridge
import TestSupport
import Testing

@Suite(.timeLimit(.minutes(1)))
struct CommandTests {
  struct Boom: Error, Equatable {}

  /// One controllable inner signal per input index.
  let inners = (0..<4).map { _ in PassthroughSubject<Int, Boom>() }
  /// The inputs whose inner signal was subscribed, in order.
  let subscribed = TestRecorder<Int, Never>()
  /// The inputs whose inner subscription was disposed, in order.
  let disposed = TestRecorder<Int, Never>()

  func makeCommand(
    strategy: ExecutionStrategy,
    enabled: Signal<Bool, Never> = .never
  ) -> Command<Int, Int, Boom> {
    let inners = inners
    let subscribed = subscribed
    let disposed = disposed
    return Command(isolation: nil, enabled: enabled, strategy: strategy) { index in
      inners[index].signal.on(
        started: { subscribed.observer.send(index) },
        disposed: { disposed.observer.send(index) }
      )
    }
  }

  @Test func isEnabledAndIsExecutingSendTheirCurrentValueOnSubscription() {
    let command = makeCommand(strategy: .serial)
    command.execute(0)
    let enabled = TestRecorder<Bool, Never>()
    let executing = TestRecorder<Bool, Never>()
    command.isEnabled.subscribe(enabled.observer)
    command.isExecuting.subscribe(executing.observer)
    #expect(enabled.values == [false])
    #expect(executing.values == [true])
    inners[0].complete()
    #expect(enabled.values == [false, true])
    #expect(executing.values == [true, false])
  }

  @Test func serialRejectsExecuteWhileRunningWithATypedFailure() {
    let command = makeCommand(strategy: .serial)
    let first = TestRecorder<Int, CommandError<Boom>>()
    let second = TestRecorder<Int, CommandError<Boom>>()
    command.execute(0).subscribe(first.observer)
    command.execute(1).subscribe(second.observer)
    #expect(second.untimedEvents == [.failed(.notEnabled)])
    inners[0].send(5)
    inners[0].complete()
    #expect(first.untimedEvents == [.value(5), .completed])
    #expect(subscribed.values == [0])
    let third = TestRecorder<Int, CommandError<Boom>>()
    command.execute(2).subscribe(third.observer)
    inners[2].send(7)
    #expect(third.values == [7])
  }

  @Test func concurrentRunsExecutionsSideBySide() {
    let command = makeCommand(strategy: .concurrent)
    let values = TestRecorder<Int, Never>()
    command.values.subscribe(values.observer)
    command.execute(0)
    command.execute(1)
    #expect(subscribed.values == [0, 1])
    inners[1].send(10)
    inners[0].send(20)
    #expect(values.values == [10, 20])
  }

  @Test func enqueueRunsExecutionsOneAfterTheOtherInOrder() {
    let command = makeCommand(strategy: .enqueue)
    let executing = TestRecorder<Bool, Never>()
    command.isExecuting.subscribe(executing.observer)
    let second = TestRecorder<Int, CommandError<Boom>>()
    command.execute(0)
    command.execute(1).subscribe(second.observer)
    command.execute(2)
    #expect(subscribed.values == [0])
    inners[0].complete()
    #expect(subscribed.values == [0, 1])
    inners[1].send(3)
    inners[1].complete()
    #expect(second.untimedEvents == [.value(3), .completed])
    #expect(subscribed.values == [0, 1, 2])
    inners[2].complete()
    #expect(executing.values == [false, true, false])
  }

  @Test func replaceLatestCancelsTheRunningExecution() {
    let command = makeCommand(strategy: .replaceLatest)
    let first = TestRecorder<Int, CommandError<Boom>>()
    let second = TestRecorder<Int, CommandError<Boom>>()
    command.execute(0).subscribe(first.observer)
    inners[0].send(1)
    command.execute(1).subscribe(second.observer)
    inners[0].send(2)
    inners[1].send(3)
    #expect(first.untimedEvents == [.value(1), .failed(.cancelled)])
    #expect(second.values == [3])
    #expect(disposed.values == [0])
  }

  @Test func theUsersEnabledSignalGatesExecution() {
    let enabled = CurrentValueSubject<Bool, Never>(false)
    let command = makeCommand(strategy: .concurrent, enabled: enabled.signal)
    let isEnabled = TestRecorder<Bool, Never>()
    command.isEnabled.subscribe(isEnabled.observer)
    let rejected = TestRecorder<Int, CommandError<Boom>>()
    command.execute(0).subscribe(rejected.observer)
    #expect(rejected.untimedEvents == [.failed(.notEnabled)])
    enabled.send(true)
    command.execute(0)
    #expect(subscribed.values == [0])
    #expect(isEnabled.values == [false, true])
  }

  @Test func errorsCarryExecutionFailuresAsValues() {
    let command = makeCommand(strategy: .serial)
    let errors = TestRecorder<Boom, Never>()
    command.errors.subscribe(errors.observer)
    let execution = TestRecorder<Int, CommandError<Boom>>()
    command.execute(0).subscribe(execution.observer)
    inners[0].fail(Boom())
    #expect(errors.values == [Boom()])
    #expect(execution.untimedEvents == [.failed(.failed(Boom()))])
    command.execute(1)
    #expect(subscribed.values == [0, 1])
  }

  @Test func executionSignalsSendsEachExecutionAndItReplays() {
    let command = makeCommand(strategy: .concurrent)
    let executions = TestRecorder<Signal<Int, Never>, Never>()
    command.executionSignals.subscribe(executions.observer)
    command.execute(0)
    inners[0].send(4)
    inners[0].complete()
    let replayed = TestRecorder<Int, Never>()
    executions.values.first?.subscribe(replayed.observer)
    #expect(executions.values.count == 1)
    #expect(replayed.untimedEvents == [.value(4), .completed])
  }

  /// RACCommandSpec: "should send errors on the errors signal, not on executionSignals" — the inner signals of
  /// `executionSignals` complete where the execution fails, so RAC's `flatten` / `switchToLatest` idioms compile
  /// and never end the outer subscription.
  @Test func executionSignalsNeverFailAndTheirFailuresGoToErrors() {
    let command = makeCommand(strategy: .concurrent)
    let latest = TestRecorder<Int, Never>()
    let flattened = TestRecorder<Int, Never>()
    let errors = TestRecorder<Boom, Never>()
    command.executionSignals.switchToLatest().subscribe(latest.observer)
    command.executionSignals.flatten().subscribe(flattened.observer)
    command.errors.subscribe(errors.observer)
    command.execute(0)
    inners[0].send(1)
    inners[0].fail(Boom())
    command.execute(1)
    inners[1].send(2)
    inners[1].complete()
    #expect(latest.untimedEvents == [.value(1), .value(2)])
    #expect(flattened.untimedEvents == [.value(1), .value(2)])
    #expect(errors.values == [Boom()])
  }

  /// RACCommandSpec: "should complete signals on the main thread when deallocated" — every signal of a released
  /// command completes, so nothing waits on it for ever.
  @Test func releasingTheCommandCompletesAllItsSignals() {
    let enabled = TestRecorder<Bool, Never>()
    let executing = TestRecorder<Bool, Never>()
    let executions = TestRecorder<Signal<Int, Never>, Never>()
    let values = TestRecorder<Int, Never>()
    let errors = TestRecorder<Boom, Never>()
    do {
      let command = makeCommand(strategy: .serial)
      command.isEnabled.subscribe(enabled.observer)
      command.isExecuting.subscribe(executing.observer)
      command.executionSignals.subscribe(executions.observer)
      command.values.subscribe(values.observer)
      command.errors.subscribe(errors.observer)
      command.execute(0)
      inners[0].complete()
    }
    #expect(enabled.untimedEvents.last == .completed)
    #expect(executing.untimedEvents == [.value(false), .value(true), .value(false), .completed])
    #expect(executions.untimedEvents.last.map(\.isTerminal) == true)
    #expect(values.untimedEvents == [.completed])
    #expect(errors.untimedEvents == [.completed])
  }

  @Test func asyncOperationAndRunReturnTheTypedResult() async throws {
    let command = Command<Int, Int, Boom>(strategy: .serial) { (input: Int) async throws(Boom) -> Int in
      guard input >= 0 else { throw Boom() }
      return input * 2
    }
    #expect(try await command.run(21) == 42)
    await #expect(throws: CommandError<Boom>.failed(Boom())) { try await command.run(-1) }
  }

  @Test func releasingTheCommandEndsItsEnabledSubscription() {
    let enabled = PassthroughSubject<Bool, Never>()
    let subscriptionDisposed = Counter()
    var command: Command<Int, Int, Boom>? = makeCommand(
      strategy: .serial,
      enabled: enabled.signal.on(disposed: { subscriptionDisposed.increment() })
    )
    let weakCommand = WeakReference<Command<Int, Int, Boom>>()
    weakCommand.object = command
    #expect(command != nil)
    command = nil
    #expect(weakCommand.object == nil)
    #expect(subscriptionDisposed.value == 1)
  }
}
