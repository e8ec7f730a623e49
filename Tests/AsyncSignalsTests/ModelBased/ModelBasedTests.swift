import AsyncSignals
import Foundation
import TestSupport
import Testing

/// Random operator chains over random scripts, on every consumption path, against the reference model
/// (issue 21).
///
/// CI runs 10,000 cases from a fixed seed. `Scripts/model-loop` runs any number from any seed through the
/// environment: `ASYNCSIGNALS_MODEL_CASES` (how many) and `ASYNCSIGNALS_MODEL_SEED` (the first seed). A failing
/// case is shrunk (operators, script events and the disposal removed while it still fails) and printed as Swift.
@Suite(.timeLimit(.minutes(5))) struct ModelBasedTests {
  static let environment = ProcessInfo.processInfo.environment
  static let caseCount = environment["ASYNCSIGNALS_MODEL_CASES"].flatMap(Int.init) ?? 10_000
  static let firstSeed = environment["ASYNCSIGNALS_MODEL_SEED"].flatMap(UInt64.init) ?? 2_026_112_5

  @Test func everyChainDeliversWhatTheReferenceModelSaysOnEveryPath() async {
    var divergences = 0
    for index in 0..<Self.caseCount {
      let seed = Self.firstSeed &+ UInt64(index)
      var random = SeededRandom(seed: seed)
      let testCase = ModelGenerator.makeCase(&random)
      guard let failure = await Self.firstDivergence(in: testCase) else { continue }
      divergences += 1
      let shrunk = await Self.shrink(testCase)
      let shrunkFailure = await Self.firstDivergence(in: shrunk) ?? failure
      Issue.record(
        """
        Model divergence, seed \(seed) (\(shrunkFailure.path.rawValue)):
        \(shrunk)
        expected: \(shrunk.expected(on: shrunkFailure.path))
        received: \(shrunkFailure.run.events)\
        \(shrunkFailure.run.afterDisposal > 0 ? "\n\(shrunkFailure.run.afterDisposal) after dispose() returned" : "")
        source subscriptions/cleanups: \(shrunkFailure.run.sourceSubscriptions)/\(shrunkFailure.run.sourceCleanups)
        """
      )
      if divergences >= 5 { break }
    }
    #expect(divergences == 0)
  }

  /// A path on which a case diverges from the model, and what it received there.
  struct Divergence {
    let path: ModelPath
    let run: ModelRun
  }

  static func firstDivergence(in testCase: ModelCase) async -> Divergence? {
    for path in ModelPath.allCases {
      let expected = testCase.expected(on: path)
      let run: ModelRun
      if path == .forAwait {
        guard testCase.fitsForAwait else { continue }
        run = await testCase.runWithForAwait()
      } else {
        run = testCase.runWithCallbacks(path)
      }
      if run.events != expected || run.afterDisposal != 0 || run.sourceCleanups != run.sourceSubscriptions {
        return Divergence(path: path, run: run)
      }
    }
    return nil
  }

  /// Removes operators, script events and the disposal while the case still diverges.
  static func shrink(_ testCase: ModelCase) async -> ModelCase {
    var current = testCase
    var progress = true
    while progress {
      progress = false
      var candidates: [ModelCase] = []
      if current.disposal != nil { candidates.append(with(current) { $0.disposal = nil }) }
      for index in current.chain.indices where current.chain.count > 1 {
        candidates.append(with(current) { $0.chain.remove(at: index) })
      }
      for index in current.script.indices {
        candidates.append(with(current) { $0.script.remove(at: index) })
      }
      for candidate in candidates where await firstDivergence(in: candidate) != nil {
        current = candidate
        progress = true
        break
      }
    }
    return current
  }

  static func with(_ testCase: ModelCase, _ change: (inout ModelCase) -> Void) -> ModelCase {
    var copy = testCase
    change(&copy)
    return copy
  }
}

/// The time operators the same way, on the `TestScheduler` with random timestamps.
@Suite(.timeLimit(.minutes(5))) struct TimedModelBasedTests {
  @Test func everyTimedChainDeliversWhatTheReferenceModelSaysAtTheRightVirtualTime() {
    var divergences = 0
    for index in 0..<ModelBasedTests.caseCount {
      let seed = ModelBasedTests.firstSeed &+ UInt64(index)
      var random = SeededRandom(seed: seed)
      let testCase = ModelGenerator.makeTimedCase(&random)
      let (events, sourceEnded) = testCase.run()
      guard events != testCase.expected || !sourceEnded else { continue }
      divergences += 1
      Issue.record(
        """
        Timed model divergence, seed \(seed):
        \(testCase)
        expected: \(testCase.expected.map { "\($0.event) at \($0.step) µs" })
        received: \(events.map { "\($0.event) at \($0.step) µs" })
        every source subscription ended: \(sourceEnded)
        """
      )
      if divergences >= 5 { break }
    }
    #expect(divergences == 0)
  }
}
