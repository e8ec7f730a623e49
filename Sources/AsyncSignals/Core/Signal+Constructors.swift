extension Signal {
  /// A signal that sends `value` and completes, for each subscriber.
  ///
  /// ```swift
  /// Signal<Int, Never>.just(42).subscribe(value: { print($0) })  // 42
  /// ```
  ///
  /// - Parameter value: The value to send.
  /// - Returns: The signal.
  @inlinable
  public static func just(_ value: Value) -> Signal {
    Signal.constant(value, then: .completed)
  }

  /// A signal that completes at once without sending a value.
  ///
  /// ```swift
  /// Signal<Int, Never>.empty.subscribe(completed: { print("done") })
  /// ```
  public static var empty: Signal {
    Signal.constant(nil, then: .completed)
  }

  /// A signal that never sends anything and never ends.
  ///
  /// ```swift
  /// let subscription = Signal<Int, Never>.never.subscribe(value: { print($0) })
  /// subscription.dispose()  // the only way it ends
  /// ```
  public static var never: Signal {
    Signal.unserialized({ _, _ in })
  }

  /// A signal that fails with `failure` at once.
  ///
  /// ```swift
  /// Signal<Int, URLError>.failure(URLError(.notConnectedToInternet))
  /// ```
  ///
  /// - Parameter failure: The failure to send.
  /// - Returns: The signal.
  public static func failure(_ failure: Failure) -> Signal {
    Signal.constant(nil, then: .failed(failure))
  }

  /// A signal that sends `value` (if any) and then `terminal`, synchronously, at each subscription.
  ///
  /// Nobody else can send into such a subscription, so it needs no ``SerialDelivery``: no object per
  /// subscription, and no atomic read-modify-write per event. Disposal's contract still holds: the lifetime is
  /// checked before each event, so none starts after `dispose()` returns, and the terminal event is not sent
  /// when the subscriber disposed during the value. After the terminal event the lifetime ends, as with any body.
  /// One closure context per signal (it captures `value` and `terminal`), none per subscription.
  ///
  /// ```swift
  /// Signal<Int, Never>.constant(1, then: .completed)  // just(1)
  /// ```
  @inlinable
  static func constant(_ value: Value?, then terminal: Event<Value, Failure>) -> Signal {
    Signal.unserialized({ downstream, lifetime in
      guard !lifetime.isDisposed else { return }
      if let value {
        downstream.action(.value(value))
        guard !lifetime.isDisposed else { return }
      }
      downstream.action(terminal)
      lifetime.dispose()
    })
  }

  /// A signal that builds a fresh signal with `makeSignal` at each subscription and subscribes to it.
  ///
  /// ```swift
  /// let now = Signal<Date, Never>.deferred { .just(Date()) }  // the date of each subscription
  /// ```
  ///
  /// - Parameter makeSignal: Called once per subscription.
  /// - Returns: The signal.
  public static func deferred(_ makeSignal: @escaping @Sendable () -> Signal) -> Signal {
    Signal.unserialized({ observer, lifetime in
      makeSignal().start(observer, in: lifetime)
    })
  }

  /// Creates a signal that sends the elements of `values` in order, then completes.
  ///
  /// Stops early, without reading further elements, when the subscription ends, so an infinite sequence is
  /// fine behind an operator that completes early. Where nothing says otherwise, the signal cannot fail
  /// (`Failure` is `Never`); name the failure type for a signal that belongs to a pipeline that can fail, as in
  /// `Signal<Int, FetchError>(values: [1, 2])`.
  ///
  /// ```swift
  /// Signal(values: [1, 2, 3]).subscribe(value: { print($0) })
  /// ```
  ///
  /// - Parameter values: The elements to send.
  public init<Values: Sequence & Sendable>(values: Values) where Values.Element == Value, Failure == Never {
    self = Signal.sending(values)
  }

  /// Creates a signal of any failure type that sends the elements of `values` in order, then completes.
  ///
  /// For an input of a pipeline that can fail, in a test or elsewhere, without converting the failure type.
  /// Disfavoured, so that `Signal(values: [1, 2])` with nothing else to go by still means a signal that cannot
  /// fail.
  ///
  /// ```swift
  /// let pages = Signal<Page, FetchError>(values: [first, second])
  /// ```
  ///
  /// - Parameter values: The elements to send.
  @_disfavoredOverload
  public init<Values: Sequence & Sendable>(values: Values) where Values.Element == Value {
    self = Signal.sending(values)
  }

  /// The signal of both `init(values:)`: sends `values` in order, stopping when the subscription ends, then
  /// completes.
  private static func sending<Values: Sequence & Sendable>(_ values: Values) -> Signal
  where Values.Element == Value {
    Signal { observer, lifetime in
      for value in values {
        guard !lifetime.isDisposed else { return }
        observer.send(value)
      }
      observer.complete()
    }
  }

  /// Creates a signal that iterates `sequence` once per subscription, failing with its typed failure.
  ///
  /// Each subscription makes its own iterator. The values are sent asynchronously, so a `for await`
  /// consumer paces the iteration. Disposing the subscription cancels the iteration's Task.
  ///
  /// ```swift
  /// let signal = Signal(Countdown(from: 3))  // an AsyncSequence that counts down again for every iterator
  /// ```
  ///
  /// - Important: A single-pass sequence, whose iterators all take from one source, gives a second subscription
  ///   nothing, or a share of the values. `AsyncStream` and `AsyncThrowingStream` have their own initialisers,
  ///   which stop a second subscription with a precondition failure (``init(_:)-(AsyncStream<Value>)``); for
  ///   another single-pass sequence, subscribe once and share that subscription (``share(replay:scope:)``).
  ///
  /// - Parameter sequence: The asynchronous sequence.
  public init<Source: AsyncSequence & Sendable>(_ sequence: Source)
  where Source.Element == Value, Source.Failure == Failure {
    self.init(iterating: sequence)
  }

  /// The signal that iterates `sequence` once per subscription.
  init<Source: AsyncSequence & Sendable>(iterating sequence: Source)
  where Source.Element == Value, Source.Failure == Failure {
    self.init { (observer: AsyncObserver<Value, Failure>) async throws(Failure) in
      var iterator = sequence.makeAsyncIterator()
      // Stops pulling once the subscription has ended, rather than reading the sequence to its end.
      while let value = try await iterator.next(isolation: nil), await observer.send(value) {}
    }
  }

  /// Creates a signal that runs `operation` once per subscription and sends its result, then completes.
  ///
  /// Swift 6 infers `throws(any Error)` for a closure that does not name its error type, even when everything it
  /// calls throws a concrete type, and even when the signal's type is spelled out. So name it in the closure,
  /// or pass an `async throws(Failure)` function directly:
  ///
  /// ```swift
  /// let user = Signal(operation: { () throws(APIError) in try await api.currentUser() })  // Signal<User, APIError>
  /// let feed = Signal(operation: api.fetchFeed)                                          // its own typed error
  /// ```
  ///
  /// - Parameter operation: The asynchronous function; its typed error fails the signal.
  public init(operation: @escaping @Sendable () async throws(Failure) -> Value) {
    self.init { (observer: AsyncObserver<Value, Failure>) async throws(Failure) in
      await observer.send(try await operation())
    }
  }
}

extension AsyncSequence where Self: Sendable, Element: Sendable {
  /// This sequence as a ``Signal`` that iterates it once per subscription.
  ///
  /// A single-pass sequence gives a second subscription nothing, or a share of the values: see
  /// ``Signal/init(_:)-(Source)``. `AsyncStream` and `AsyncThrowingStream` have their own `signal`, which takes
  /// one subscription.
  ///
  /// ```swift
  /// let signal = (1...3).async.signal  // any AsyncSequence
  /// signal.subscribe(value: { print($0) })
  /// ```
  public var signal: Signal<Element, Failure> {
    Signal(self)
  }
}
