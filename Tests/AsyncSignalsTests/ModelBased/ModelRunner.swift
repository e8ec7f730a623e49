import AsyncSignals
import TestSupport

/// One generated case: a source, its script, a chain of operators and an optional early disposal.
struct ModelCase: Sendable, CustomStringConvertible {
  var source: ModelSource
  var script: [ModelEvent]
  var chain: [ModelOperator]
  var disposal: ModelDisposal?

  /// What one subscription receives on `path`, as the reference model says, disposal applied.
  ///
  /// A handler cannot dispose the subscription that `subscribe` has not returned yet: on the two plain callback
  /// paths, a disposal asked for during the subscription (step 0) happens as `subscribe` returns, so everything
  /// sent while subscribing arrives. A nested subscription disposes its enclosing lifetime, which exists from the
  /// start, and `for await` breaks out of the loop: both stop at once.
  func expected(on path: ModelPath) -> [ModelEvent] {
    let events = ReferenceModel.events(of: chain, source: source, script: script)
    switch disposal {
    case nil:
      return events.map(\.event)
    case .insideHandler(let count):
      let plain = path == .observer || path == .closures
      if plain, count <= events.count, events[count - 1].step == 0 {
        return events.filter { $0.step == 0 }.map(\.event)
      }
      return events.prefix(count).map(\.event)
    case .afterStep(let step):
      return events.filter { $0.step <= step }.map(\.event)
    }
  }

  /// The case as Swift, to paste into a test.
  var description: String {
    let signal: String
    switch source {
    case .cold:
      signal = "Signal<Int, ModelError> { observer, _ in for event in \(script) { observer.send(event: event.event) } }"
    case .subject:
      signal =
        "subject.signal  // let subject = PassthroughSubject<Int, ModelError>(); sends \(script) after subscribing"
    }
    let operators = chain.map { "  " + $0.swift }.joined(separator: "\n")
    return "\(signal)\n\(operators)\n// \(disposal.map(String.init(describing:)) ?? "no early disposal")"
  }
}

/// The ways a subscriber consumes a chain.
enum ModelPath: String, CaseIterable, Sendable {
  case observer = "subscribe(_ observer:)"
  case closures = "subscribe(value:failed:completed:)"
  case nested = "a subscription inside another signal's lifetime"
  case forAwait = "for try await"
}

/// What running a case on one path observed.
struct ModelRun: Equatable, Sendable {
  var events: [ModelEvent] = []
  /// Events delivered after `dispose()` had returned.
  var afterDisposal = 0
  /// Subscriptions to the source, and how many of them ran their cleanup by the end.
  var sourceSubscriptions = 0
  var sourceCleanups = 0
}

/// The source of a case, counting its subscriptions and cleanups.
final class SourceProbe: Sendable {
  let subject = PassthroughSubject<Int, ModelError>()
  private let counts = Locked((subscriptions: 0, cleanups: 0))

  var subscriptions: Int { counts.withLock { $0.subscriptions } }
  var cleanups: Int { counts.withLock { $0.cleanups } }

  func signal(for testCase: ModelCase) -> Signal<Int, ModelError> {
    let script = testCase.script
    let subject = subject
    return Signal { [self] observer, lifetime in
      counts.withLock { $0.subscriptions += 1 }
      lifetime.onDispose { [self] in counts.withLock { $0.cleanups += 1 } }
      switch testCase.source {
      case .cold:
        for event in script {
          guard !lifetime.isDisposed else { return }
          observer.send(event: event.event)
        }
      case .subject:
        lifetime += subject.signal.subscribe(observer)
      }
    }
  }

  /// Sends step `step` (1-based) of the script, for a hot source.
  func send(step: Int, of testCase: ModelCase) {
    subject.send(event: testCase.script[step - 1].event)
  }
}

extension ModelCase {
  /// Runs the case on a callback path, synchronously.
  func runWithCallbacks(_ path: ModelPath) -> ModelRun {
    let probe = SourceProbe()
    let chain = chain.reduce(probe.signal(for: self)) { signal, op in op.apply(to: signal) }
    let state = Locked(
      (run: ModelRun(), disposed: false, subscription: (any Disposable)?.none, lifetime: Lifetime?.none)
    )
    let disposeNow: @Sendable () -> Void = {
      let (subscription, lifetime) = state.withLock { ($0.subscription, $0.lifetime) }
      guard subscription != nil || lifetime != nil else { return }  // not subscribed yet: done after `subscribe`
      lifetime?.dispose()
      subscription?.dispose()
      state.withLock { $0.disposed = true }
    }
    let receive: @Sendable (Event<Int, ModelError>) -> Void = { event in
      let count = state.withLock { state in
        if state.disposed { state.run.afterDisposal += 1 }
        state.run.events.append(ModelEvent(event))
        return state.run.events.count
      }
      if case .insideHandler(count) = disposal { disposeNow() }
    }
    let subscription: any Disposable
    switch path {
    case .observer:
      subscription = chain.subscribe(Observer(receive))
    case .closures:
      subscription = chain.subscribe(
        isolation: nil,
        value: { receive(.value($0)) },
        failed: { receive(.failed($0)) },
        completed: { receive(.completed) }
      )
    case .nested:
      subscription = Signal<Int, ModelError> { observer, lifetime in
        state.withLock { $0.lifetime = lifetime }
        lifetime += chain.subscribe(observer)
      }
      .subscribe(Observer(receive))
    case .forAwait:
      preconditionFailure("runWithCallbacks: for-await runs in runWithForAwait")
    }
    state.withLock { $0.subscription = subscription }
    if case .insideHandler(let count) = disposal, state.withLock({ $0.run.events.count }) >= count,
      !state.withLock({ $0.disposed })
    {
      disposeNow()  // the event came while subscribing, before the handler could reach the subscription
    }
    if source == .subject {
      if case .afterStep(0) = disposal { disposeNow() }
      for step in script.indices.map({ $0 + 1 }) {
        probe.send(step: step, of: self)
        if case .afterStep(step) = disposal { disposeNow() }
      }
    }
    subscription.dispose()  // ends a subscription that is still open, so that every cleanup can be counted
    var run = state.withLock { $0.run }
    run.sourceSubscriptions = probe.subscriptions
    run.sourceCleanups = probe.cleanups
    return run
  }

  /// Whether the case fits `for try await`: a cold source (the loop subscribes on its own schedule) and an end
  /// the loop reaches (a terminal event, or a break).
  var fitsForAwait: Bool {
    guard source == .cold else { return false }
    if case .afterStep = disposal { return false }
    let expected = expected(on: .forAwait)
    if case .insideHandler(let count) = disposal, count <= expected.count { return true }
    return expected.last?.isTerminal == true
  }

  /// Runs the case with `for try await`, breaking out of the loop where the case disposes.
  func runWithForAwait() async -> ModelRun {
    let probe = SourceProbe()
    let chain = chain.reduce(probe.signal(for: self)) { signal, op in op.apply(to: signal) }
    var run = ModelRun()
    do {
      for try await value in chain {
        run.events.append(.value(value))
        if case .insideHandler(run.events.count) = disposal { break }
      }
      if case .insideHandler(let count) = disposal, run.events.count == count {
        // left the loop by `break`
      } else {
        run.events.append(.completed)
      }
    } catch {
      run.events.append(.failed(error.code))
    }
    run.sourceSubscriptions = probe.subscriptions
    run.sourceCleanups = probe.cleanups
    return run
  }
}
