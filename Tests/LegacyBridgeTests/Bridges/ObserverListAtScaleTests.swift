import AsyncSignals
import LegacyBridge
import Synchronization
import Testing

/// A control's actions with 10,000 subscribers (issue 36): every action reaches them in subscription order, and
/// subscribers leave from anywhere in the list, released at once.
@Suite(.timeLimit(.minutes(1)))
struct ObserverListAtScaleTests {
  @Test func aControlsActionsReachTenThousandSubscribersInOrderWhileTheyComeAndGo() {
    let count = 10_000
    let control = ActionControl<Int>()
    let log = Mutex<[Int]>([])
    let subscriptions = (0..<count).map { subscriber in
      control.actions.subscribe(isolation: nil, value: { _ in log.withLock { $0.append(subscriber) } })
    }
    control.sendAction(1)
    #expect(log.withLock { $0 } == Array(0..<count))
    log.withLock { $0 = [] }
    for index in stride(from: 1, to: count, by: 2) {
      subscriptions[index].dispose()
    }
    control.sendAction(2)
    #expect(log.withLock { $0 } == Array(stride(from: 0, to: count, by: 2)))
    for subscription in subscriptions.reversed() {
      subscription.dispose()
    }
    #expect(!control.hasTargets)
  }
}
