import Dispatch

@testable import AsyncSignals

/// Runs a scenario through every interleaving of its threads' operations on shared state, up to a preemption
/// bound, and checks it after each run: the idea of Rust's `loom` and Kotlin's Lincheck, for `SerialDelivery`.
///
/// A scenario makes, for each run, fresh objects, the bodies of 2–3 logical threads and a check. The code under
/// test is the library's own `SerialDeliveryCore` over ``CheckedSynchronization``, whose hooks are the scheduling
/// points: every atomic operation on the delivery's state word, every acquisition of its queue's lock, and the
/// points the scenario adds (``yield(_:)`` inside an observer, so that another thread may try to deliver while
/// one delivers). Between two points a thread runs alone, so each run is one interleaving, sequentially
/// consistent (the checker does not model weaker memory orders).
///
/// The exploration is a depth-first search over the choices at each point (stateless model checking): each run
/// replays a prefix of choices and then lets the running thread go on; afterwards the deepest choice with an
/// untried alternative is changed. With `preemptionBound` nil, every interleaving is visited. With a bound *k*,
/// every interleaving in which a thread that could go on is switched away from at most *k* times (a switch
/// when a thread returns or waits for a lock is free) — the bound of CHESS (Musuvathi and Qadeer, 2007), under
/// which most concurrency bugs show with 2 or 3.
///
/// ```
///  explore ──▶ run(prefix) ──▶ check ──▶ backtrack: deepest choice with an untried alternative ──▶ run(prefix′) …
/// ```
struct InterleavingChecker {
  /// What one run needs: its threads, and the check to make once they all returned.
  struct Run {
    /// The logical threads.
    var threads: [@Sendable () -> Void]
    /// The violations of the run, if any; called after every thread returned.
    var check: () -> [String]
  }

  /// The outcome of an exploration.
  struct Report: CustomStringConvertible {
    /// How many runs were made.
    var runs = 0
    /// The first violation found, with the interleaving that shows it.
    var counterexample: (violations: [String], trace: [String])?
    /// Whether every interleaving within the bound was run (false if `maxRuns` cut the search short).
    var isComplete = false
    /// Every operation some run performed (``CheckedExecution/Point/label``): what the scenario reached.
    var visited: Set<String> = []

    var description: String {
      guard let counterexample else { return "\(runs) runs, no violation, complete: \(isComplete)" }
      return "violation after \(runs) runs:\n" + counterexample.violations.joined(separator: "\n")
        + "\ninterleaving:\n" + counterexample.trace.joined(separator: "\n")
    }
  }

  /// One choice point of the current path: what could run, what ran, and which alternatives were tried.
  private struct Frame {
    var decision: CheckedExecution.Decision
    var tried: Set<Int>
  }

  /// The most preemptions in one interleaving, or nil for all interleavings.
  var preemptionBound: Int?
  /// The drain budget of the delivery under test (small, so that hand-offs happen).
  var drainBudget = 1_024
  /// Fixed bugs to put back (only to show that the checker finds them).
  var reintroducedBugs: SerialDeliveryReintroducedBugs = []
  /// Whether `Lifetime`'s operations are scheduling points too (its phase, its lock, its children); off for the
  /// scenarios about other code, whose lifetimes would only multiply the interleavings.
  var schedulesLifetimes = false
  /// A safety net: the search stops after this many runs, and the report says it is incomplete.
  var maxRuns = 200_000

  /// Explores `scenario`; stops at the first violation.
  func explore(_ scenario: () -> Run) -> Report {
    if schedulesLifetimes { CheckedSynchronization.installSchedulingPoints() }
    let pool = CheckedWorkerPool()
    defer { pool.stopIdleWorkers() }
    var report = Report()
    var frames: [Frame] = []
    while report.runs < maxRuns {
      let run = scenario()
      let execution = CheckedExecution(
        prefix: frames.map(\.decision.chosen),
        pool: pool,
        drainBudget: drainBudget,
        reintroducedBugs: reintroducedBugs,
        schedulesLifetimes: schedulesLifetimes
      )
      execution.run(run.threads)
      report.runs += 1
      report.visited.formUnion(execution.visited)
      if let failure = execution.failure {
        report.counterexample = ([failure], execution.trace)
        return report
      }
      let violations = run.check()
      guard violations.isEmpty else {
        report.counterexample = (violations, execution.trace)
        return report
      }
      for decision in execution.decisions.dropFirst(frames.count) {
        frames.append(Frame(decision: decision, tried: [decision.chosen]))
      }
      guard backtrack(&frames) else {
        report.isComplete = true
        return report
      }
    }
    return report
  }

  /// Changes the deepest choice that has an untried alternative within the bound, and drops the choices after
  /// it; returns false when there is none left.
  private func backtrack(_ frames: inout [Frame]) -> Bool {
    while !frames.isEmpty {
      let last = frames.count - 1
      let preemptionsBefore = frames[..<last].count { $0.decision.isPreemption }
      let frame = frames[last]
      let alternative = frame.decision.enabled.first { candidate in
        guard !frame.tried.contains(candidate) else { return false }
        guard let preemptionBound else { return true }
        let preempts = frame.decision.current.map { $0 != candidate } ?? false
        return preemptionsBefore + (preempts ? 1 : 0) <= preemptionBound
      }
      if let alternative {
        frames[last].decision.chosen = alternative
        frames[last].tried.insert(alternative)
        return true
      }
      frames.removeLast()
    }
    return false
  }

  /// A scheduling point the code under test does not have: lets the checker run another thread here.
  ///
  /// A scenario's observer calls it between entering and leaving, so that the interleavings include one where
  /// another thread tries to deliver while this one delivers. Outside a run it does nothing.
  static func yield(_ label: String) {
    CheckedExecution.current?.reach(.init(label: label, lock: nil))
  }
}

extension CheckedExecution.Decision {
  /// Whether the thread that reached the point could have gone on and another one ran instead.
  var isPreemption: Bool {
    current.map { $0 != chosen } ?? false
  }
}
