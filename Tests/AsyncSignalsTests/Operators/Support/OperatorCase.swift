import AsyncSignals
import Testing

/// One operator of this module applied to a `Signal<Int, Boom>`, its output turned into strings, so that
/// contracts shared by every operator can be checked in one parameterised test.
struct OperatorCase: Sendable, CustomTestStringConvertible {
  let name: String
  let apply: @Sendable (Signal<Int, Boom>) -> Signal<String, Boom>
  /// What the operator sends when its upstream fails at once, without a value.
  var onImmediateFailure: [Event<String, Boom>] = [.failed(Boom())]
  /// Whether the operator subscribes its upstream at all.
  var subscribesUpstream = true

  var testDescription: String { name }

  init(
    _ name: String,
    onImmediateFailure: [Event<String, Boom>] = [.failed(Boom())],
    subscribesUpstream: Bool = true,
    _ apply: @escaping @Sendable (Signal<Int, Boom>) -> Signal<String, Boom>
  ) {
    self.name = name
    self.apply = apply
    self.onImmediateFailure = onImmediateFailure
    self.subscribesUpstream = subscribesUpstream
  }

  /// Every operator of "Operators I", each in a typical configuration.
  static let all: [OperatorCase] = [
    OperatorCase("map") { $0.map { $0 * 2 }.text },
    OperatorCase("map(keyPath)") { $0.map(\.description) },
    OperatorCase("map(to:)") { $0.map(to: "x") },
    OperatorCase("compactMap") { $0.compactMap { $0 > 2 ? $0 : nil }.text },
    OperatorCase("skipNil") { $0.map { $0 > 2 ? $0 : nil }.skipNil().text },
    OperatorCase("reduceEach") { $0.map { ($0, $0) }.reduceEach { $0 + $1 }.text },
    OperatorCase("scan") { $0.scan(0, +).text },
    OperatorCase("scan(withIndex)") { $0.scan(0) { $0 + $1 * $2 }.text },
    OperatorCase("scan(into:)") { $0.scan(into: [Int]()) { $0.append($1) }.text },
    OperatorCase("combinePrevious(_:)") { $0.combinePrevious(0).map { "\($0.previous)-\($0.current)" } },
    OperatorCase("combinePrevious()") { $0.combinePrevious().map { "\($0.previous)-\($0.current)" } },
    OperatorCase("prepend", onImmediateFailure: [.value("0"), .failed(Boom())]) { $0.prepend(0).text },
    OperatorCase("groupBy") { $0.groupBy { $0 % 2 }.map { "\($0.key)" } },
    OperatorCase("materialize+dematerialize") { $0.materialize().dematerialize().text },
    OperatorCase("not") { $0.map { $0 > 1 }.not().text },
    OperatorCase("and") { $0.map { [$0 > 1, $0 > 2] }.and().text },
    OperatorCase("or") { $0.map { ($0 > 1, $0 > 2) }.or().text },
    OperatorCase("filter") { $0.filter { $0.isMultiple(of: 2) }.text },
    OperatorCase("ignore") { $0.ignore(2).text },
    OperatorCase("ignoreValues") { $0.ignoreValues().text },
    OperatorCase("distinctUntilChanged()") { $0.distinctUntilChanged().text },
    OperatorCase("distinctUntilChanged(by:)") { $0.distinctUntilChanged { $0 / 2 == $1 / 2 }.text },
    OperatorCase("take") { $0.take(3).text },
    OperatorCase("take(0)", onImmediateFailure: [.completed], subscribesUpstream: false) { $0.take(0).text },
    OperatorCase("skip") { $0.skip(2).text },
    OperatorCase("take(last:)") { $0.take(last: 2).text },
    OperatorCase("take(while:)") { $0.take(while: { $0 < 4 }).text },
    OperatorCase("take(until: predicate)") { $0.take(until: { $0 >= 3 }).text },
    OperatorCase("skip(while:)") { $0.skip(while: { $0 < 3 }).text },
    OperatorCase("skip(until:)") { $0.skip(until: { $0 >= 3 }).text },
    OperatorCase("take(until: trigger)") { $0.take(until: Signal<Void, Never>.never).text },
    // The receiver's completion waits for the replacement, so a silent replacement needs `take` to end.
    OperatorCase("take(untilReplacement:)") { $0.take(untilReplacement: .never).take(3).text },
    OperatorCase("sample(on:)") { $0.sample(on: Signal<Void, Never>.never).text },
    OperatorCase("withLatest(from:)") { $0.withLatest(from: Signal<Int, Never>.just(7)).map { "\($0)-\($1)" } },
    OperatorCase("reduce") { $0.reduce(0, +).text },
    OperatorCase("reduce(into:)") { $0.reduce(into: 0) { $0 += $1 }.text },
    OperatorCase("reduce(makeInitial:)") { $0.reduce(makeInitial: { 0 }) { $0 += $1 }.text },
    OperatorCase("collect") { $0.collect().text },
    OperatorCase("collect(count:)") { $0.collect(count: 2).text },
    OperatorCase("count") { $0.count().text },
    OperatorCase("any") { $0.any { $0 > 3 }.text },
    OperatorCase("all") { $0.all { $0 < 3 }.text },
    OperatorCase("on") { $0.on(value: { _ in }).text },
    OperatorCase("then") { $0.then(Signal<Int, Boom>.just(9)).text },
    OperatorCase("logEvents") { $0.logEvents("test", to: { _ in }).text },
  ]
}

extension Signal {
  /// The values as their descriptions.
  var text: Signal<String, Failure> {
    map { "\($0)" }
  }
}
