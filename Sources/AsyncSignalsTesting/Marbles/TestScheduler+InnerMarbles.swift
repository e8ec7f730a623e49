import AsyncSignals

// Higher-order marble sources: a cold source whose letters send signals that are drawn as marbles themselves, as
// RxJS tests use cold observables as the values of an outer one.
extension TestScheduler {
  /// A cold test source of signals, each drawn as a marble string: a letter of `marbles` sends the cold signal
  /// that `inner[letter]` draws.
  ///
  /// Both strings are in the grammar of ``makeColdSignal(_:values:)``. The outer plays from each subscription; each
  /// inner is cold too, and plays from when it is subscribed, so the times in an inner string count from the
  /// moment a flattening operator subscribes to it (at once for ``/AsyncSignals/Signal/flatten(_:)`` with `.merge`
  /// or `.latest`, after the previous inner for `.concat`). Each letter of an inner sends itself.
  ///
  /// ```swift
  /// let scheduler = TestScheduler(frame: .seconds(1))
  /// let outer = scheduler.makeColdSignal("-a--b|", inner: ["a": "x-y|", "b": "--z|"])
  /// let recorder = scheduler.record(outer.signal.flatten(.merge))
  /// scheduler.run()
  /// recorder.expectMarbles("-x-y--z|")
  /// ```
  ///
  /// To check when an inner was subscribed and disposed, make it with ``makeColdSignal(_:values:)`` and pass its
  /// ``TestSignal/signal`` in `values:` instead; its ``TestSignal/expectSubscriptions(_:fileID:filePath:line:column:)``
  /// then tells. A malformed string, or a letter of `marbles` with no entry in `inner`, stops the test with a message
  /// naming the string and the column.
  ///
  /// - Parameters:
  ///   - marbles: The outer timeline; each letter sends the inner of that letter.
  ///   - inner: The timeline of each letter's inner signal, from its subscription.
  /// - Returns: The outer source.
  public func makeColdSignal(
    _ marbles: String,
    inner: [Character: String]
  ) -> TestSignal<Signal<String, Never>, Never> {
    makeHigherOrderSignal(marbles, inner: inner, values: [:], failure: nil, api: "makeColdSignal(_:inner:)")
  }

  /// A cold test source of signals drawn as marble strings, whose inner letters are looked up in `values`.
  ///
  /// The same as ``makeColdSignal(_:inner:)``, with typed inner values.
  ///
  /// ```swift
  /// let pages = scheduler.makeColdSignal("-a--b|", inner: ["a": "1-2|", "b": "3|"], values: ["1": 10, "2": 20])
  /// // TestSignal<Signal<Int, Never>, Never>; "3" spells 3
  /// ```
  ///
  /// - Parameters:
  ///   - marbles: The outer timeline; each letter sends the inner of that letter.
  ///   - inner: The timeline of each letter's inner signal, from its subscription.
  ///   - values: The value of each letter of the inner strings. A letter with no entry stands for the value it
  ///     spells when `Value` is `LosslessStringConvertible`.
  /// - Returns: The outer source.
  public func makeColdSignal<Value>(
    _ marbles: String,
    inner: [Character: String],
    values: [Character: Value]
  ) -> TestSignal<Signal<Value, Never>, Never> {
    makeHigherOrderSignal(marbles, inner: inner, values: values, failure: nil, api: "makeColdSignal(_:inner:values:)")
  }

  /// A cold test source of signals drawn as marble strings, where a `#` in the outer or in an inner fails with
  /// `failure`.
  ///
  /// The same as ``makeColdSignal(_:inner:values:)``; the outer and its inners share the failure type, as
  /// ``/AsyncSignals/Signal/flatten(_:)`` needs.
  ///
  /// ```swift
  /// let outer = scheduler.makeColdSignal("-a-b|", inner: ["a": "1#", "b": "2|"], values: [:], failure: Boom())
  /// // TestSignal<Signal<Int, Boom>, Boom>, once the type of the values is known
  /// ```
  ///
  /// - Parameters:
  ///   - marbles: The outer timeline; each letter sends the inner of that letter.
  ///   - inner: The timeline of each letter's inner signal, from its subscription.
  ///   - values: The value of each letter of the inner strings. A letter with no entry stands for the value it
  ///     spells when `Value` is `LosslessStringConvertible`.
  ///   - failure: What `#` fails with, in the outer and in the inners.
  /// - Returns: The outer source.
  public func makeColdSignal<Value, Failure>(
    _ marbles: String,
    inner: [Character: String],
    values: [Character: Value],
    failure: Failure
  ) -> TestSignal<Signal<Value, Failure>, Failure> {
    makeHigherOrderSignal(
      marbles,
      inner: inner,
      values: values,
      failure: failure,
      api: "makeColdSignal(_:inner:values:failure:)"
    )
  }

  /// The cold source of signals drawn by `marbles` and `inner`; stops with a message naming `api` (and the letter,
  /// for an inner) when a marble is malformed.
  private func makeHigherOrderSignal<Value, Failure>(
    _ marbles: String,
    inner: [Character: String],
    values: [Character: Value],
    failure: Failure?,
    api: String
  ) -> TestSignal<Signal<Value, Failure>, Failure> {
    var inners: [Character: Signal<Value, Failure>] = [:]
    for (letter, innerMarbles) in inner.sorted(by: { $0.key < $1.key }) {
      let api = "\(api), inner '\(letter)'"
      inners[letter] = makeMarbleSignal(innerMarbles, values: values, failure: failure, hot: false, api: api).signal
    }
    return makeMarbleSignal(marbles, values: inners, failure: failure, valuesLabel: "inner", hot: false, api: api)
  }
}
