import AsyncSignals
import AsyncSignalsTesting
import Testing

/// A `for await` buffering policy chosen upstream survives the operators after it (issue 20).
@Suite struct BufferingPolicyTests {
  struct Boom: Error {}

  static let policy = BufferingPolicy.bufferingNewest(2)
  static let scheduler = TestScheduler()
  static let source = PassthroughSubject<Int, Never>().signal.asyncBuffering(policy)

  static let operators: [(String, @Sendable (Signal<Int, Never>) -> Signal<Int, Never>)] = [
    ("map", { $0.map { $0 + 1 } }),
    ("filter", { $0.filter { $0 > 0 } }),
    ("scan", { $0.scan(0, +) }),
    ("take", { $0.take(3) }),
    ("prepend", { $0.prepend(0) }),
    ("flatMap", { $0.flatMap(.latest) { Signal.just($0) } }),
    ("catch", { $0.promoteError(Boom.self).catch { _ in Signal<Int, Never>.empty } }),
    ("retry", { $0.retry(1) }),
    ("combineLatest", { $0.combineLatest(with: .just(1)).map { $0 + $1 } }),
    ("merge", { $0.merge(with: .just(1)) }),
    ("take(until:)", { $0.take(until: Signal<Void, Never>.never) }),
    ("delay", { $0.delay(for: .seconds(1), scheduler: scheduler) }),
    ("debounce", { $0.debounce(for: .seconds(1), scheduler: scheduler) }),
    ("share", { $0.share() }),
    ("observe(on:)", { $0.observe(on: scheduler) }),
  ]

  @Test(arguments: operators.indices) func thePolicySurvives(_ index: Int) {
    let (name, apply) = Self.operators[index]
    #expect(apply(Self.source).asyncBufferingPolicy == Self.policy, "\(name) reset the buffering policy")
  }
}
