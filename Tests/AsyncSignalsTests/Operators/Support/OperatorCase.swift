import AsyncSignals
import Testing

/// One operator of this module applied to a `Signal<Int, Boom>`, its output turned into strings, so that
/// contracts shared by every operator can be checked in one parameterised test.
struct OperatorCase: Sendable, CustomTestStringConvertible {
  let name: String
  let apply: @Sendable (Signal<Int, Boom>) -> Signal<String, Boom>
  /// What the operator sends when its upstream fails at once, without a value.
  var onImmediateFailure: [Event<String, Boom>] = [.failed(Boom())]
  /// The whole history the operator sends when its upstream is ``failingAfterValues``: the values it lets
  /// through before the failure, then the failure itself (no partial result of a buffering operator).
  let afterFailure: [Event<String, Boom>]
  /// Whether the operator subscribes its upstream at all.
  var subscribesUpstream = true

  var testDescription: String { name }

  init(
    _ name: String,
    afterFailure: [Event<String, Boom>],
    onImmediateFailure: [Event<String, Boom>] = [.failed(Boom())],
    subscribesUpstream: Bool = true,
    _ apply: @escaping @Sendable (Signal<Int, Boom>) -> Signal<String, Boom>
  ) {
    self.name = name
    self.apply = apply
    self.afterFailure = afterFailure
    self.onImmediateFailure = onImmediateFailure
    self.subscribesUpstream = subscribesUpstream
  }

  /// An upstream that sends 1 and 2, then fails with `Boom(code: 1)`.
  static let failingAfterValues = source([1, 2], then: .failed(Boom(code: 1)))

  /// `values`, then the failure of ``failingAfterValues``.
  static func failed(after values: [String]) -> [Event<String, Boom>] {
    values.map { .value($0) } + [.failed(Boom(code: 1))]
  }

  /// Every operator of "Operators I", each in a typical configuration.
  static let all: [OperatorCase] = [
    OperatorCase("map", afterFailure: failed(after: ["2", "4"])) { $0.map { $0 * 2 }.text },
    OperatorCase("map(keyPath)", afterFailure: failed(after: ["1", "2"])) { $0.map(\.description) },
    OperatorCase("map(to:)", afterFailure: failed(after: ["x", "x"])) { $0.map(to: "x") },
    OperatorCase("compactMap", afterFailure: failed(after: [])) { $0.compactMap { $0 > 2 ? $0 : nil }.text },
    OperatorCase("skipNil", afterFailure: failed(after: [])) { $0.map { $0 > 2 ? $0 : nil }.skipNil().text },
    OperatorCase("reduceEach", afterFailure: failed(after: ["2", "4"])) {
      $0.map { ($0, $0) }.mapElements { $0 + $1 }.text
    },
    OperatorCase("scan", afterFailure: failed(after: ["1", "3"])) { $0.scan(0, +).text },
    OperatorCase("scan(withIndex)", afterFailure: failed(after: ["0", "2"])) { $0.scan(0) { $0 + $1 * $2 }.text },
    OperatorCase("scan(into:)", afterFailure: failed(after: ["[1]", "[1, 2]"])) {
      $0.scan(into: [Int]()) { $0.append($1) }.text
    },
    OperatorCase("combinePrevious(_:)", afterFailure: failed(after: ["0-1", "1-2"])) {
      $0.combinePrevious(0).map { "\($0.previous)-\($0.current)" }
    },
    OperatorCase("combinePrevious()", afterFailure: failed(after: ["1-2"])) {
      $0.combinePrevious().map { "\($0.previous)-\($0.current)" }
    },
    OperatorCase(
      "prepend",
      afterFailure: failed(after: ["0", "1", "2"]),
      onImmediateFailure: [.value("0"), .failed(Boom())]
    ) { $0.prepend(0).text },
    OperatorCase("groupBy", afterFailure: failed(after: ["1", "0"])) { $0.groupBy { $0 % 2 }.map { "\($0.key)" } },
    OperatorCase("materialize+dematerialize", afterFailure: failed(after: ["1", "2"])) {
      $0.materialize().dematerialize().text
    },
    OperatorCase("not", afterFailure: failed(after: ["true", "false"])) { $0.map { $0 > 1 }.negated().text },
    OperatorCase("and", afterFailure: failed(after: ["false", "false"])) {
      $0.map { [$0 > 1, $0 > 2] }.allTrue().text
    },
    OperatorCase("or", afterFailure: failed(after: ["false", "true"])) { $0.map { ($0 > 1, $0 > 2) }.anyTrue().text },
    OperatorCase("filter", afterFailure: failed(after: ["2"])) { $0.filter { $0.isMultiple(of: 2) }.text },
    OperatorCase("filter != 2", afterFailure: failed(after: ["1"])) { $0.filter { $0 != 2 }.text },
    OperatorCase("ignoreValues", afterFailure: failed(after: [])) { $0.ignoreValues().text },
    OperatorCase("distinctUntilChanged()", afterFailure: failed(after: ["1", "2"])) { $0.distinctUntilChanged().text },
    OperatorCase("distinctUntilChanged(by:)", afterFailure: failed(after: ["1", "2"])) {
      $0.distinctUntilChanged { $0 / 2 == $1 / 2 }.text
    },
    OperatorCase("take", afterFailure: failed(after: ["1", "2"])) { $0.take(3).text },
    OperatorCase("take(0)", afterFailure: [.completed], onImmediateFailure: [.completed], subscribesUpstream: false) {
      $0.take(0).text
    },
    OperatorCase("skip", afterFailure: failed(after: [])) { $0.skip(2).text },
    OperatorCase("take(last:)", afterFailure: failed(after: [])) { $0.take(last: 2).text },
    OperatorCase("take(while:)", afterFailure: failed(after: ["1", "2"])) { $0.take(while: { $0 < 4 }).text },
    OperatorCase("take(until: predicate)", afterFailure: failed(after: ["1", "2"])) {
      $0.take(until: { $0 >= 3 }).text
    },
    OperatorCase("skip(while:)", afterFailure: failed(after: [])) { $0.skip(while: { $0 < 3 }).text },
    OperatorCase("skip(until:)", afterFailure: failed(after: [])) { $0.skip(until: { $0 >= 3 }).text },
    OperatorCase("take(until: trigger)", afterFailure: failed(after: ["1", "2"])) {
      $0.take(until: Signal<Void, Never>.never).text
    },
    // The receiver's completion waits for the replacement, so a silent replacement needs `take` to end.
    OperatorCase("take(untilReplacement:)", afterFailure: failed(after: ["1", "2"])) {
      $0.take(untilReplacement: .never).take(3).text
    },
    OperatorCase("sample(on:)", afterFailure: failed(after: [])) { $0.sample(on: Signal<Void, Never>.never).text },
    OperatorCase("withLatest(from:)", afterFailure: failed(after: ["1-7", "2-7"])) {
      $0.withLatest(from: Signal<Int, Never>.just(7)).map { "\($0)-\($1)" }
    },
    OperatorCase("reduce", afterFailure: failed(after: [])) { $0.reduce(0, +).text },
    OperatorCase("reduce(into:)", afterFailure: failed(after: [])) { $0.reduce(into: 0) { $0 += $1 }.text },
    OperatorCase("reduce(makeInitial:)", afterFailure: failed(after: [])) {
      $0.reduce(makeInitial: { 0 }) { $0 += $1 }.text
    },
    OperatorCase("collect", afterFailure: failed(after: [])) { $0.collect().text },
    OperatorCase("collect(count:)", afterFailure: failed(after: ["[1, 2]"])) { $0.collect(count: 2).text },
    OperatorCase("count", afterFailure: failed(after: [])) { $0.count().text },
    OperatorCase("any", afterFailure: failed(after: [])) { $0.any { $0 > 3 }.text },
    OperatorCase("all", afterFailure: failed(after: [])) { $0.all { $0 < 3 }.text },
    OperatorCase("on", afterFailure: failed(after: ["1", "2"])) { $0.on(value: { _ in }).text },
    OperatorCase("then", afterFailure: failed(after: [])) { $0.then(Signal<Int, Boom>.just(9)).text },
    OperatorCase("logEvents", afterFailure: failed(after: ["1", "2"])) { $0.logEvents("test", to: { _ in }).text },
  ]
}

extension Signal {
  /// The values as their descriptions.
  var text: Signal<String, Failure> {
    map { "\($0)" }
  }
}
