import AsyncSignals

// Marble sources: test sources written as pictures, in RxJS's grammar (see `MarbleParser`).
extension TestScheduler {
  /// A cold test source drawn as a marble string: each subscription plays it from its start.
  ///
  /// Each `-` is one ``frame``; a letter sends `values[letter]`, `|` completes, `(ab)` sends `a` and `b` in one frame,
  /// spaces are ignored, and `10ms`, `1.5s` or `2m` between spaces moves time by that much. Times count from each
  /// subscription, as with ``makeColdSignal(_:)->TestSignal<Value,Failure>``, so a flattening operator's inner source
  /// plays from when it is subscribed. This form cannot fail; ``makeColdSignal(_:values:failure:)`` gives `#` a
  /// failure.
  ///
  /// ```swift
  /// let scheduler = TestScheduler(frame: .seconds(1))
  /// let inner = scheduler.makeColdSignal("-a-b|", values: ["a": 1, "b": 2])  // 1 at 1 s, 2 at 3 s, ends at 4 s
  /// ```
  ///
  /// A malformed marble stops the test with a message naming the string and the column: a letter missing from
  /// `values`, a `^` (only a hot source has one), a `#`, two terminal events, a value after the terminal event, or
  /// an unbalanced group.
  ///
  /// - Parameters:
  ///   - marbles: The timeline.
  ///   - values: The value of each letter. A letter with no entry stands for the value it spells when `Value` is
  ///     `LosslessStringConvertible`: itself for `String` and `Character`, the digit for `Int`.
  /// - Returns: The source; its ``TestSignal/subscriptions`` log when it was subscribed and disposed.
  public func makeColdSignal<Value>(_ marbles: String, values: [Character: Value]) -> TestSignal<Value, Never> {
    makeMarbleSignal(marbles, values: values, failure: nil, hot: false, api: "makeColdSignal(_:values:)")
  }

  /// A cold test source drawn as a marble string, whose `#` fails with `failure`.
  ///
  /// The grammar is that of ``makeColdSignal(_:values:)``; `#` sends `failure`.
  ///
  /// ```swift
  /// struct Boom: Error, Equatable {}
  /// let flaky = scheduler.makeColdSignal("-a-#", values: ["a": 1], failure: Boom())
  /// ```
  ///
  /// - Parameters:
  ///   - marbles: The timeline.
  ///   - values: The value of each letter. A letter with no entry stands for the value it spells when `Value` is
  ///     `LosslessStringConvertible`: itself for `String` and `Character`, the digit for `Int`.
  ///   - failure: What `#` fails with.
  /// - Returns: The source.
  public func makeColdSignal<Value, Failure>(
    _ marbles: String,
    values: [Character: Value],
    failure: Failure
  ) -> TestSignal<Value, Failure> {
    makeMarbleSignal(marbles, values: values, failure: failure, hot: false, api: "makeColdSignal(_:values:failure:)")
  }

  /// A cold test source of strings drawn as a marble string: each letter sends itself.
  ///
  /// ```swift
  /// let source = scheduler.makeColdSignal("-a-b|")  // TestSignal<String, Never>: "a", then "b"
  /// ```
  ///
  /// - Parameter marbles: The timeline, in the grammar of ``makeColdSignal(_:values:)``.
  /// - Returns: The source.
  public func makeColdSignal(_ marbles: String) -> TestSignal<String, Never> {
    makeMarbleSignal(marbles, values: [:], failure: nil, hot: false, api: "makeColdSignal(_:)")
  }

  /// A cold test source of strings drawn as a marble string, whose `#` fails with `failure`.
  ///
  /// ```swift
  /// let source = scheduler.makeColdSignal("-a-#", failure: URLError(.timedOut))
  /// ```
  ///
  /// - Parameters:
  ///   - marbles: The timeline, in the grammar of ``makeColdSignal(_:values:)``; each letter sends itself.
  ///   - failure: What `#` fails with.
  /// - Returns: The source.
  public func makeColdSignal<Failure>(_ marbles: String, failure: Failure) -> TestSignal<String, Failure> {
    makeMarbleSignal(marbles, values: [:], failure: failure, hot: false, api: "makeColdSignal(_:failure:)")
  }

  /// A hot test source drawn as a marble string: it plays once, at virtual times counted from its `^`, to whoever
  /// is subscribed then.
  ///
  /// The grammar is that of ``makeColdSignal(_:values:)``, plus `^`: the subscription point of the test, virtual
  /// time zero. Without a `^`, the string starts at zero. What is drawn before the `^` happened before the test
  /// subscribed: nobody receives it, and it is not in ``TestSignal/script``. The `^` takes one frame, like a `-`,
  /// so the string lines up with an expected history written below it from the `^`'s column:
  ///
  /// ```swift
  /// let scheduler = TestScheduler(frame: .seconds(1))
  /// let keys = scheduler.makeHotSignal("-x^-a-b---|", values: ["a": 1, "b": 2, "x": 0])
  /// let recorder = scheduler.record(keys.signal.debounce(for: .seconds(2), scheduler: scheduler))
  /// scheduler.run()
  /// recorder.expectMarbles(            "  ------b-|", values: ["b": 2])  // 2 s after "b", then the completion
  /// ```
  ///
  /// A malformed marble stops the test with a message naming the string and the column (see
  /// ``makeColdSignal(_:values:)``); so does a second `^`.
  ///
  /// - Parameters:
  ///   - marbles: The timeline.
  ///   - values: The value of each letter. A letter with no entry stands for the value it spells when `Value` is
  ///     `LosslessStringConvertible`: itself for `String` and `Character`, the digit for `Int`.
  /// - Returns: The source; its events are already scheduled.
  public func makeHotSignal<Value>(_ marbles: String, values: [Character: Value]) -> TestSignal<Value, Never> {
    makeMarbleSignal(marbles, values: values, failure: nil, hot: true, api: "makeHotSignal(_:values:)")
  }

  /// A hot test source drawn as a marble string, whose `#` fails with `failure`.
  ///
  /// ```swift
  /// let socket = scheduler.makeHotSignal("^-a--#", values: ["a": 1], failure: Boom())
  /// ```
  ///
  /// - Parameters:
  ///   - marbles: The timeline, in the grammar of ``makeHotSignal(_:values:)``.
  ///   - values: The value of each letter. A letter with no entry stands for the value it spells when `Value` is
  ///     `LosslessStringConvertible`: itself for `String` and `Character`, the digit for `Int`.
  ///   - failure: What `#` fails with.
  /// - Returns: The source; its events are already scheduled.
  public func makeHotSignal<Value, Failure>(
    _ marbles: String,
    values: [Character: Value],
    failure: Failure
  ) -> TestSignal<Value, Failure> {
    makeMarbleSignal(marbles, values: values, failure: failure, hot: true, api: "makeHotSignal(_:values:failure:)")
  }

  /// A hot test source of strings drawn as a marble string: each letter sends itself.
  ///
  /// ```swift
  /// let queries = scheduler.makeHotSignal("-s-w----|")  // TestSignal<String, Never>
  /// ```
  ///
  /// - Parameter marbles: The timeline, in the grammar of ``makeHotSignal(_:values:)``.
  /// - Returns: The source; its events are already scheduled.
  public func makeHotSignal(_ marbles: String) -> TestSignal<String, Never> {
    makeMarbleSignal(marbles, values: [:], failure: nil, hot: true, api: "makeHotSignal(_:)")
  }

  /// A hot test source of strings drawn as a marble string, whose `#` fails with `failure`.
  ///
  /// ```swift
  /// let source = scheduler.makeHotSignal("-a-#", failure: Boom())
  /// ```
  ///
  /// - Parameters:
  ///   - marbles: The timeline, in the grammar of ``makeHotSignal(_:values:)``; each letter sends itself.
  ///   - failure: What `#` fails with.
  /// - Returns: The source; its events are already scheduled.
  public func makeHotSignal<Failure>(_ marbles: String, failure: Failure) -> TestSignal<String, Failure> {
    makeMarbleSignal(marbles, values: [:], failure: failure, hot: true, api: "makeHotSignal(_:failure:)")
  }

  /// The source drawn by `marbles`; stops with a message naming `api` when the marble is malformed.
  func makeMarbleSignal<Value, Failure>(
    _ marbles: String,
    values: [Character: Value],
    failure: Failure?,
    valuesLabel: String = "values",
    hot: Bool,
    api: String
  ) -> TestSignal<Value, Failure> {
    let script = MarbleParser(frame: frame).recordsOrStop(
      marbles,
      use: hot ? .hot : .cold,
      values: values,
      failure: failure,
      valuesLabel: valuesLabel,
      api: api
    )
    return hot ? makeHotSignal(script.filter { $0.time >= .zero }) : makeColdSignal(script)
  }
}

extension MarbleParser {
  /// The events that `marbles` draws, each letter looked up in `values` and `#` made `failure`.
  ///
  /// A letter with no value is reported as missing from `valuesLabel`, the parameter the test wrote the values in.
  ///
  /// - Throws: A ``MarbleSyntaxError`` for a malformed marble, a letter with no value, or a `#` with no failure.
  func records<Value, Failure>(
    _ marbles: String,
    use: Use,
    values: [Character: Value],
    failure: Failure?,
    valuesLabel: String = "values"
  ) throws(MarbleSyntaxError) -> [Recorded<Value, Failure>] {
    try events(marbles, use: use).map { symbol throws(MarbleSyntaxError) in
      switch symbol.kind {
      case .value(let letter):
        guard let value = values[letter] ?? Self.value(spelledBy: letter, as: Value.self) else {
          throw MarbleSyntaxError(reason: "no value for '\(letter)' in \(valuesLabel)", column: symbol.column)
        }
        return .value(value, at: symbol.time)
      case .completion:
        return .completed(at: symbol.time)
      case .failure:
        guard let failure else {
          throw MarbleSyntaxError(reason: "'#' fails, but no failure was given (pass failure:)", column: symbol.column)
        }
        return .failed(failure, at: symbol.time)
      }
    }
  }

  /// The value `letter` spells when `Value` is `LosslessStringConvertible`: `"a"` for a `String`, `7` for an `Int`.
  static func value<Value>(spelledBy letter: Character, as type: Value.Type) -> Value? {
    (type as? any LosslessStringConvertible.Type)?.init(String(letter)) as? Value
  }

  /// ``records(_:use:values:failure:valuesLabel:)``, stopping with a precondition message that names `api` when the marble is
  /// malformed: a programming error in the test.
  func recordsOrStop<Value, Failure>(
    _ marbles: String,
    use: Use,
    values: [Character: Value],
    failure: Failure?,
    valuesLabel: String = "values",
    api: String
  ) -> [Recorded<Value, Failure>] {
    do {
      return try records(marbles, use: use, values: values, failure: failure, valuesLabel: valuesLabel)
    } catch {
      preconditionFailure(error.message(api: api, marbles: marbles))
    }
  }

  /// ``subscription(_:)``, stopping with a precondition message that names `api` when the marble is malformed.
  func subscriptionOrStop(_ marbles: String, api: String) -> TestSubscription {
    do {
      return try subscription(marbles)
    } catch {
      preconditionFailure(error.message(api: api, marbles: marbles))
    }
  }
}

extension TestScheduler {
  /// The time a marble string draws before its `|`, as RxJS's `time("---|")`: a timeout, a debounce or a delay
  /// written as a picture beside the marbles it applies to.
  ///
  /// Each `-`, letter or group is one ``frame``, spaces are ignored, and `10ms`, `1.5s` or `2m` between spaces
  /// moves time by that much; the `|` marks the end and takes no time. A string without a `|`, or one that is not
  /// a marble, stops the test with a message naming the column.
  ///
  /// ```swift
  /// let scheduler = TestScheduler(frame: .milliseconds(100))
  /// let window = scheduler.time("---|")  // 300 ms
  /// let debounced = typed.signal.debounce(for: window, scheduler: scheduler)
  /// ```
  ///
  /// - Parameter marbles: The span, ending with `|`.
  /// - Returns: The virtual time from the string's start to its `|`.
  public func time(_ marbles: String) -> Duration {
    let api = "TestScheduler.time(_:)"
    let symbols: [MarbleSymbol]
    do {
      symbols = try MarbleParser(frame: frame).events(marbles, use: .cold)
    } catch {
      preconditionFailure(error.message(api: api, marbles: marbles))
    }
    guard let end = symbols.first(where: { $0.kind == .completion }) else {
      preconditionFailure(
        MarbleSyntaxError(reason: "no | to end the span", column: marbles.count + 1).message(api: api, marbles: marbles)
      )
    }
    return end.time
  }
}
