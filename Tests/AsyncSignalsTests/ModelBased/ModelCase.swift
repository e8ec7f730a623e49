import AsyncSignals

// The model-based suite (issue 21): random operator chains over random event scripts, each run on every
// consumption path and compared with a plain reference model over arrays of events.

/// The typed failure every model signal carries.
struct ModelError: Error, Equatable, Sendable {
  let code: Int
}

/// An event as the reference model sees it.
enum ModelEvent: Equatable, Sendable, CustomStringConvertible {
  case value(Int)
  case failed(Int)
  case completed

  var isTerminal: Bool {
    if case .value = self { false } else { true }
  }

  var description: String {
    switch self {
    case .value(let value): ".value(\(value))"
    case .failed(let code): ".failed(\(code))"
    case .completed: ".completed"
    }
  }

  init(_ event: Event<Int, ModelError>) {
    switch event {
    case .value(let value): self = .value(value)
    case .failed(let error): self = .failed(error.code)
    case .completed: self = .completed
    }
  }

  var event: Event<Int, ModelError> {
    switch self {
    case .value(let value): .value(value)
    case .failed(let code): .failed(ModelError(code: code))
    case .completed: .completed
    }
  }
}

/// An event of the reference model and the script step it happens at: 0 while subscribing, then one step per
/// event a hot source sends.
struct TimedEvent: Equatable, Sendable {
  let step: Int
  let event: ModelEvent
}

/// Where the chain's events come from.
enum ModelSource: Sendable, Equatable {
  /// A cold signal whose synchronous body sends the script at each subscription.
  case cold
  /// A `PassthroughSubject` the runner sends the script to, one event per step, after subscribing.
  case subject
}

/// How the subscriber ends the subscription early, if it does.
enum ModelDisposal: Sendable, Equatable, CustomStringConvertible {
  /// From inside the handler of the `n`-th delivered event (1-based).
  case insideHandler(afterEvent: Int)
  /// From outside, after script step `step` of a hot source (0: right after subscribing).
  case afterStep(Int)

  var description: String {
    switch self {
    case .insideHandler(let count): "dispose inside the handler of event \(count)"
    case .afterStep(let step): "dispose after step \(step)"
    }
  }
}

/// The inner signals of the model's `flatMap`: two values, or a failure for multiples of 7.
func modelInner(_ value: Int) -> Signal<Int, ModelError> {
  value % 7 == 0 ? .failure(ModelError(code: value)) : Signal(values: [value, value &+ 1]).promoteError()
}

/// The reference of `modelInner`.
func modelInnerEvents(_ value: Int) -> [ModelEvent] {
  value % 7 == 0 ? [.failed(value)] : [.value(value), .value(value &+ 1), .completed]
}

/// One operator of a chain, with its parameters.
enum ModelOperator: Sendable, Equatable {
  case map(add: Int)
  case filter(modulo: Int)
  case scan
  case take(Int)
  case skip(Int)
  case takeWhile(lessThan: Int)
  case skipWhile(lessThan: Int)
  case takeUntil(atLeast: Int)
  case distinctUntilChanged
  case materializeThenDematerialize
  case materializeEncoded
  case prepend([Int])
  case concat([Int])
  case merge([Int])
  case flatMap(FlattenStrategy)
  case catchWith([Int])
  case retry(Int)
  case repeatRounds(Int)
  case share

  /// Whether a resubscription re-runs the upstream, which the model can only predict for a cold source.
  var resubscribes: Bool {
    switch self {
    case .retry, .repeatRounds: true
    default: false
    }
  }

  /// Applies the operator to a signal.
  func apply(to signal: Signal<Int, ModelError>) -> Signal<Int, ModelError> {
    switch self {
    case .map(let add): signal.map { $0 &+ add }
    case .filter(let modulo): signal.filter { ($0 % modulo + modulo) % modulo != 0 }
    case .scan: signal.scan(0) { $0 &+ $1 }
    case .take(let count): signal.take(count)
    case .skip(let count): signal.skip(count)
    case .takeWhile(let limit): signal.take(while: { $0 < limit })
    case .skipWhile(let limit): signal.skip(while: { $0 < limit })
    case .takeUntil(let limit): signal.take(until: { $0 >= limit })
    case .distinctUntilChanged: signal.distinctUntilChanged()
    case .materializeThenDematerialize: signal.materialize().dematerialize()
    case .materializeEncoded: signal.materialize().map(Self.encode).promoteError(ModelError.self)
    case .prepend(let values): signal.prepend(contentsOf: values)
    case .concat(let values): signal.concat(Signal(values: values).promoteError())
    case .merge(let values): signal.merge(with: Signal(values: values).promoteError())
    case .flatMap(let strategy): signal.flatMap(strategy, modelInner)
    case .catchWith(let values): signal.catch { _ in Signal<Int, Never>(values: values).promoteError(ModelError.self) }
    case .retry(let count): signal.retry(count)
    case .repeatRounds(let count): signal.repeat(count)
    case .share: signal.share()
    }
  }

  /// How `materializeEncoded` turns an event into a value.
  @Sendable static func encode(_ event: Event<Int, ModelError>) -> Int {
    switch event {
    case .value(let value): value
    case .failed(let error): 1_000 + error.code
    case .completed: 2_000
    }
  }

  /// The operator as Swift, for a reproduction.
  var swift: String {
    switch self {
    case .map(let add): ".map { $0 &+ \(add) }"
    case .filter(let modulo): ".filter { ($0 % \(modulo) + \(modulo)) % \(modulo) != 0 }"
    case .scan: ".scan(0) { $0 &+ $1 }"
    case .take(let count): ".take(\(count))"
    case .skip(let count): ".skip(\(count))"
    case .takeWhile(let limit): ".take(while: { $0 < \(limit) })"
    case .skipWhile(let limit): ".skip(while: { $0 < \(limit) })"
    case .takeUntil(let limit): ".take(until: { $0 >= \(limit) })"
    case .distinctUntilChanged: ".distinctUntilChanged()"
    case .materializeThenDematerialize: ".materialize().dematerialize()"
    case .materializeEncoded: ".materialize().map(ModelOperator.encode).promoteError(ModelError.self)"
    case .prepend(let values): ".prepend(contentsOf: \(values))"
    case .concat(let values): ".concat(Signal(values: \(values)).promoteError())"
    case .merge(let values): ".merge(with: Signal(values: \(values)).promoteError())"
    case .flatMap(let strategy): ".flatMap(\(strategy), modelInner)"
    case .catchWith(let values): ".catch { _ in Signal<Int, Never>(values: \(values)).promoteError(ModelError.self) }"
    case .retry(let count): ".retry(\(count))"
    case .repeatRounds(let count): ".repeat(\(count))"
    case .share: ".share()"
    }
  }
}
