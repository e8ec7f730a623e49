import AsyncSignals
import AsyncSignalsTesting
import LegacyBridge
import TestSupport
import Testing

/// Two-way bindings whose two sides change at once from several tasks.
///
/// Run under the thread sanitizer:
/// `swift test --scratch-path .build-tsan --sanitize=thread -Xswiftc -DASYNCSIGNALS_TSAN --filter BindingStressTests`.
///
/// They live in LegacyBridgeTests because the stress target does not depend on LegacyBridge.
@Suite(.timeLimit(.minutes(1)))
struct BindingStressTests {
  static let tasksPerSide = 2
  static let changesPerTask = 1_000

  /// Changes `left` and `right` from `tasksPerSide` tasks each, all at once; values are distinct per change.
  static func hammer(_ left: MutableProperty<Int>, _ right: MutableProperty<Int>) async {
    let start = Gate()
    await withTaskGroup(of: Void.self) { group in
      for task in 0..<(2 * tasksPerSide) {
        let side = task.isMultiple(of: 2) ? left : right
        group.addTask {
          await start.wait()
          for change in 1...changesPerTask {
            if change.isMultiple(of: 2) {
              side.value = task * changesPerTask + change
            } else {
              side.modify { $0 = task * changesPerTask + change }
            }
          }
        }
      }
      start.open()
    }
  }

  @Test func bothSidesChangingAtOnceDeliverEachChangeOnceAndSettleOnTheLastQuiescentChange() async {
    let leading = MutableProperty(-1)
    let following = MutableProperty(-2)
    let leadingDeliveries = Counter()
    let followingDeliveries = Counter()
    leading.signal.subscribeNext(isolation: nil) { _ in leadingDeliveries.increment() }
    following.signal.subscribeNext(isolation: nil) { _ in followingDeliveries.increment() }
    let binding = following.bindTwoWay(to: leading)

    await Self.hammer(leading, following)

    // Each change of either side reaches the other exactly once and never comes back: no ping-pong.
    let changes = 2 * Self.tasksPerSide * Self.changesPerTask
    #expect(leadingDeliveries.value == 1 + changes)
    #expect(followingDeliveries.value == 2 + changes)  // its initial value, then the leading's at binding
    leading.value = 1_000_000
    #expect(following.value == 1_000_000)
    following.value = 2_000_000
    #expect(leading.value == 2_000_000)
    binding.dispose()
  }

  @Test func aChainOfThreeChangingAtBothEndsSettlesOnTheLastQuiescentChange() async {
    let first = MutableProperty(0)
    let middle = MutableProperty(0)
    let last = MutableProperty(0)
    let bindings = [middle.bindTwoWay(to: first), last.bindTwoWay(to: middle)]

    await Self.hammer(first, last)

    last.value = 3_000_000
    #expect(first.value == 3_000_000)
    #expect(middle.value == 3_000_000)
    for binding in bindings { binding.dispose() }
  }
}
