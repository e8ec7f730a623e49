import AsyncSignals
import AsyncSignalsTesting
import Dispatch
import LegacyBridge
import TestSupport
import Testing

/// Each strategy under concurrent `execute` calls from several tasks.
///
/// Run under the thread sanitizer:
/// `swift test --sanitize=thread -Xswiftc -DASYNCSIGNALS_TSAN --filter CommandStressTests`.
///
/// They live in LegacyBridgeTests because the stress target does not depend on LegacyBridge.
@Suite(.timeLimit(.minutes(1)))
struct CommandStressTests {
  struct Boom: Error, Equatable {}

  static let tasks = 4
  static let callsPerTask = 200

  /// Counts the executions running at once and remembers the most.
  final class Gauge: Sendable {
    private let state = Locked((running: 0, most: 0))

    func enter() {
      state.withLock { state in
        state.running += 1
        state.most = max(state.most, state.running)
      }
    }

    func exit() {
      state.withLock { $0.running -= 1 }
    }

    var most: Int { state.withLock { $0.most } }
  }

  /// The outcomes of every `run` call.
  final class Outcomes: Sendable {
    private let state = Locked((values: 0, notEnabled: 0, cancelled: 0))

    func record(_ outcome: Result<Int?, CommandError<Boom>>) {
      state.withLock { state in
        switch outcome {
        case .success: state.values += 1
        case .failure(.notEnabled): state.notEnabled += 1
        case .failure(.cancelled): state.cancelled += 1
        case .failure(.failed): break
        }
      }
    }

    var counts: (values: Int, notEnabled: Int, cancelled: Int) { state.withLock { $0 } }
  }

  /// Runs `tasks` tasks that each call `run` `callsPerTask` times, and returns the outcomes and the
  /// `isExecuting` history.
  func hammer(_ strategy: ExecutionStrategy, gauge: Gauge) async -> (Outcomes, [Bool]) {
    let command = Command<Int, Int, Boom>(isolation: nil, strategy: strategy) { input in
      Signal(operation: { () async throws(Boom) -> Int in input }).on(
        started: { gauge.enter() },
        terminated: { gauge.exit() }
      )
    }
    let executing = TestRecorder<Bool, Never>()
    let subscription = command.isExecuting.subscribe(executing.observer)
    let outcomes = Outcomes()
    await withTaskGroup(of: Void.self) { group in
      for task in 0..<Self.tasks {
        group.addTask {
          for call in 0..<Self.callsPerTask {
            let input = task * Self.callsPerTask + call
            do throws(CommandError<Boom>) {
              outcomes.record(.success(try await command.run(input)))
            } catch {
              outcomes.record(.failure(error))
            }
          }
        }
      }
    }
    subscription.dispose()
    return (outcomes, executing.values)
  }

  /// `isExecuting` alternates, starts at `false` and ends at `false`: changes arrived in order.
  func expectAlternating(_ history: [Bool]) {
    #expect(history.first == false)
    #expect(history.last == false)
    #expect(zip(history, history.dropFirst()).allSatisfy { $0 != $1 })
  }

  @Test func serialNeverRunsTwoExecutionsAtOnce() async {
    let gauge = Gauge()
    let (outcomes, history) = await hammer(.serial, gauge: gauge)
    let counts = outcomes.counts
    #expect(counts.values + counts.notEnabled == Self.tasks * Self.callsPerTask)
    #expect(counts.values >= 1)
    #expect(gauge.most == 1)
    expectAlternating(history)
  }

  @Test func concurrentRunsEveryCall() async {
    let gauge = Gauge()
    let (outcomes, history) = await hammer(.concurrent, gauge: gauge)
    #expect(outcomes.counts.values == Self.tasks * Self.callsPerTask)
    expectAlternating(history)
  }

  @Test func enqueueRunsEveryCallOneAtATime() async {
    let gauge = Gauge()
    let (outcomes, history) = await hammer(.enqueue, gauge: gauge)
    #expect(outcomes.counts.values == Self.tasks * Self.callsPerTask)
    #expect(gauge.most == 1)
    expectAlternating(history)
  }

  @Test func replaceLatestEndsEveryCallWithAValueOrACancellation() async {
    let gauge = Gauge()
    let (outcomes, history) = await hammer(.replaceLatest, gauge: gauge)
    let counts = outcomes.counts
    #expect(counts.notEnabled == 0)
    #expect(counts.values + counts.cancelled == Self.tasks * Self.callsPerTask)
    expectAlternating(history)
  }

  /// Issue 26's report, as it was made.
  ///
  /// A command made on the main actor, executed 200 times in a row from a background queue while a main-actor
  /// test waits. Every execution must end and `isExecuting` must come back
  /// to `false` (67 of 200 never ended before the fix; `StartedOnActorTests` pins the interleaving).
  @Test @MainActor func aMainActorCommandExecutedFromABackgroundQueueAlwaysFinishes() async {
    let command = Command<Int, Int, Boom>(strategy: .concurrent) { .just($0) }
    for input in 0..<200 {
      let finished = Gate()
      let result = Locked<[Event<Int, CommandError<Boom>>]>([])
      DispatchQueue.global().async {
        command.execute(input).subscribe(
          Observer { event in
            result.withLock { $0.append(event) }
            if event.isTerminal { finished.open() }
          }
        )
      }
      await finished.wait()
      #expect(result.withLock { $0 } == [.value(input), .completed])
    }
    var executing = command.isExecuting.makeAsyncIterator()
    #expect(await executing.next() == false)
  }
}
