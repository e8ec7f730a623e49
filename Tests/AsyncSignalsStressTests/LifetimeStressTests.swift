import TestSupport
import Testing

@testable import AsyncSignals

/// Child lifetimes under real concurrency; run under the thread sanitizer.
@Suite(.timeLimit(.minutes(1)))
struct LifetimeStressTests {
  /// A child lifetime enters its parent's list only with its first cleanup; a parent ending on another thread
  /// meanwhile must still run every cleanup exactly once.
  @Test func cleanupsAddedToChildrenWhileTheParentEndsEachRunOnce() {
    for _ in 0..<200 {
      let parent = Lifetime()
      let children = (0..<4).map { _ in parent.makeChild().makeChild() }
      let ran = (0..<4).map { _ in Counter() }
      runOnThreads(
        [{ parent.dispose() }]
          + (0..<4).map { index in
            { @Sendable in
              for _ in 0..<10 { children[index].onDispose { ran[index].increment() } }
            }
          }
      )
      for index in 0..<4 {
        #expect(children[index].isDisposed)
        #expect(ran[index].value == 10)
      }
    }
  }

  /// A lifetime that never had anything added ends without its lock; a cleanup added on another thread at the
  /// same moment must still run exactly once (at once, or by the disposal).
  @Test func aCleanupAddedWhileAFreshLifetimeEndsRunsOnce() {
    for _ in 0..<2_000 {
      let lifetime = Lifetime()
      let ran = Counter()
      runOnThreads([
        { lifetime.dispose() },
        { lifetime.onDispose { ran.increment() } },
        { lifetime.dispose() },
      ])
      #expect(lifetime.isDisposed)
      #expect(ran.value == 1)
    }
  }
}
