import Testing

@testable import AsyncSignals

/// `Lifetime`'s lock-free phase and its children, run through the interleaving checker.
///
/// The phase: a fresh lifetime ends by compare-and-swap, and leaves fresh under the lock. The children: a child
/// enters its parent's list with its first entry, outside its own lock, and leaves it when it ends first. The
/// library's code calls ``SchedulingPoint`` before each
/// operation on the phase and each acquisition of the lock; a debug build hands those to the checker in runs that
/// ask for it (``InterleavingChecker/schedulesLifetimes``).
///
/// After each run: every cleanup ran exactly once (by the disposal, or at once when added too late), a disposed
/// lifetime says so, and a child that ended is no longer in its parent's list.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct LifetimeInterleavingTests {
  /// How many times each cleanup ran.
  final class Runs: @unchecked Sendable {
    // Safety: written by the checker's threads, which run one at a time and pass the baton by a semaphore, and
    // read by the check after the run.
    var counts: [String: Int] = [:]

    /// A cleanup that counts its runs as `name`.
    func cleanup(_ name: String) -> @Sendable () -> Void {
      { self.counts[name, default: 0] += 1 }
    }

    /// The cleanups of `names` that did not run exactly once.
    func notOnce(_ names: [String]) -> [String] {
      names.compactMap { name in
        counts[name] == 1 ? nil : "cleanup \(name) ran \(counts[name] ?? 0) times"
      }
    }
  }

  static func checker(preemptionBound: Int?) -> InterleavingChecker {
    var checker = SerialDeliveryInterleavingTests.checker(preemptionBound: preemptionBound)
    checker.schedulesLifetimes = true
    return checker
  }

  /// A fresh lifetime ends without the lock while another thread adds its first cleanup: either the addition
  /// wins (and the disposal takes the lock and runs it) or the disposal does (and the addition runs it at once).
  @Test func aFreshLifetimeEndsWhileAnotherThreadAddsItsFirstCleanup() {
    SerialDeliveryInterleavingTests.expectNoViolation(
      Self.checker(preemptionBound: nil),
      reaching: ["compare-and-swap (dispose: fresh to ended)", "compare-and-swap (add: fresh to holding entries)"]
    ) {
      let lifetime = Lifetime()
      let runs = Runs()
      return .init(threads: [
        { lifetime.dispose() },
        { lifetime.onDispose(runs.cleanup("a")) },
      ]) {
        runs.notOnce(["a"]) + (lifetime.isDisposed ? [] : ["not disposed"])
      }
    }
  }

  /// Two threads dispose a lifetime that holds a cleanup while a third adds another: each runs once.
  @Test func twoDisposalsWhileAThirdThreadAdds() {
    SerialDeliveryInterleavingTests.expectNoViolation(
      Self.checker(preemptionBound: 3),
      reaching: ["lock (dispose)", "store (dispose: phase ended)", "load (dispose: phase)"]
    ) {
      let lifetime = Lifetime()
      let runs = Runs()
      lifetime.onDispose(runs.cleanup("a"))
      return .init(threads: [
        { lifetime.dispose() },
        { lifetime.dispose() },
        { lifetime.onDispose(runs.cleanup("b")) },
      ]) {
        runs.notOnce(["a", "b"]) + (lifetime.isDisposed ? [] : ["not disposed"])
      }
    }
  }

  /// A child's first cleanup registers the child in its parent's list while the parent ends: the child's
  /// cleanup runs once, whether the parent's end finds the child registered, or the registration finds the
  /// parent ended.
  @Test func aChildRegistersWhileItsParentEnds() {
    SerialDeliveryInterleavingTests.expectNoViolation(
      Self.checker(preemptionBound: nil),
      reaching: ["lock (register)", "lock (add)", "compare-and-swap (dispose: fresh to ended)"]
    ) {
      let parent = Lifetime()
      let child = parent.makeChild()
      let runs = Runs()
      return .init(threads: [
        { child.onDispose(runs.cleanup("c")) },
        { parent.dispose() },
      ]) {
        runs.notOnce(["c"]) + (child.isDisposed ? [] : ["the child is not disposed"])
      }
    }
  }

  /// A child ends while its first cleanup registers it with its parent, which stays: the cleanup runs once and
  /// the parent's list does not keep the child.
  @Test func aChildEndsWhileItRegisters() {
    SerialDeliveryInterleavingTests.expectNoViolation(
      Self.checker(preemptionBound: nil),
      reaching: ["lock (register)", "lock (forget)"]
    ) {
      let parent = Lifetime()
      let child = parent.makeChild()
      let runs = Runs()
      return .init(threads: [
        { child.onDispose(runs.cleanup("c")) },
        { child.dispose() },
      ]) {
        var violations = runs.notOnce(["c"])
        let kept = parent.withState("the check") { $0.list.count }
        if kept != 0 { violations.append("the parent still lists \(kept) entries for an ended child") }
        return violations
      }
    }
  }

  /// The parent ends, the child ends and the child adds its first cleanup, on three threads.
  @Test func aParentAndItsChildEndWhileTheChildAdds() {
    SerialDeliveryInterleavingTests.expectNoViolation(
      Self.checker(preemptionBound: 3),
      reaching: ["lock (register)", "lock (forget)", "lock (dispose)"]
    ) {
      let parent = Lifetime()
      let child = parent.makeChild()
      let runs = Runs()
      parent.onDispose(runs.cleanup("p"))
      return .init(threads: [
        { child.onDispose(runs.cleanup("c")) },
        { child.dispose() },
        { parent.dispose() },
      ]) {
        runs.notOnce(["p", "c"]) + (child.isDisposed && parent.isDisposed ? [] : ["not disposed"])
      }
    }
  }
}
