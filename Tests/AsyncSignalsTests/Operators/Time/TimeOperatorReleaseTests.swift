import AsyncSignals
import AsyncSignalsTesting
import Testing

/// Disposing or terminating a time operator's subscription releases the subscriber and cancels its timers.
@Suite struct TimeOperatorReleaseTests {
  enum Operator: String, CaseIterable, Sendable {
    case debounce, debounceWhere, throttle, delay, collectEvery, timeout, idleTimeout, timeoutWithFallback,
      delaySubscription
    case takeFor, skipFor, retryWithDelay, observeOn, subscribeOn

    /// Subscribes to `signal` through this operator, calling `value` for each value.
    @discardableResult
    func subscribe(
      to signal: Signal<Int, Never>,
      scheduler: TestScheduler,
      value: @escaping @Sendable (Int) -> Void
    ) -> any Disposable {
      switch self {
      case .debounce: signal.debounce(for: .seconds(1), scheduler: scheduler).subscribe(isolation: nil, value: value)
      case .debounceWhere:
        signal.debounce(for: .seconds(1), scheduler: scheduler, where: { $0 > 0 }).subscribe(
          isolation: nil,
          value: value
        )
      case .throttle:
        signal.throttle(for: .seconds(1), scheduler: scheduler, latest: true).subscribe(isolation: nil, value: value)
      case .delay: signal.delay(for: .seconds(1), scheduler: scheduler).subscribe(isolation: nil, value: value)
      case .collectEvery:
        signal.collect(every: .seconds(1), scheduler: scheduler).subscribe(isolation: nil, value: { value($0.count) })
      case .timeout: signal.timeout(after: .seconds(10), scheduler: scheduler).subscribe(isolation: nil, value: value)
      case .idleTimeout:
        signal.timeout(idle: .seconds(10), scheduler: scheduler).subscribe(isolation: nil, value: value)
      case .timeoutWithFallback:
        signal.timeout(after: .seconds(10), scheduler: scheduler, switchingTo: .empty).subscribe(
          isolation: nil,
          value: value
        )
      case .delaySubscription:
        signal.delaySubscription(for: .seconds(1), scheduler: scheduler).subscribe(isolation: nil, value: value)
      case .takeFor: signal.take(for: .seconds(10), scheduler: scheduler).subscribe(isolation: nil, value: value)
      case .skipFor: signal.skip(for: .milliseconds(500), scheduler: scheduler).subscribe(isolation: nil, value: value)
      case .retryWithDelay:
        signal.promoteError(Boom.self).retry(upTo: 2, delay: .constant(.seconds(1)), scheduler: scheduler)
          .subscribe(isolation: nil, value: value)
      case .observeOn: signal.observe(on: scheduler).subscribe(isolation: nil, value: value)
      case .subscribeOn: signal.subscribe(on: scheduler).subscribe(isolation: nil, value: value)
      }
    }
  }

  final class Subscriber: Sendable {}

  @Test(arguments: Operator.allCases)
  func disposingMidWaitReleasesTheSubscriberAndCancelsTimers(_ timeOperator: Operator) {
    let scheduler = TestScheduler()
    let source = scheduler.makeColdSignal([.value(1, at: .milliseconds(1_500))] as [Recorded<Int, Never>])
    weak var released: Subscriber?
    do {
      let subscriber = Subscriber()
      released = subscriber
      let subscription = timeOperator.subscribe(to: source.signal, scheduler: scheduler) { _ in
        withExtendedLifetime(subscriber) {}
      }
      scheduler.advance(by: .seconds(2))
      subscription.dispose()
    }
    #expect(released == nil)
    #expect(scheduler.pendingCount == 0)
  }

  @Test(arguments: Operator.allCases)
  func completingReleasesTheSubscriber(_ timeOperator: Operator) {
    let scheduler = TestScheduler()
    let source = scheduler.makeColdSignal(
      [
        .value(1, at: .seconds(1)),
        .completed(at: .seconds(2)),
      ] as [Recorded<Int, Never>]
    )
    weak var released: Subscriber?
    do {
      let subscriber = Subscriber()
      released = subscriber
      timeOperator.subscribe(to: source.signal, scheduler: scheduler) { _ in
        withExtendedLifetime(subscriber) {}
      }
    }
    scheduler.run()
    #expect(released == nil)
    #expect(scheduler.pendingCount == 0)
  }
}
