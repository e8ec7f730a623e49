/// A hot source that can be used wherever a ``Signal`` is: subscribed with callbacks, or iterated with `for await`.
///
/// Subjects and ``ConnectableSignal`` conform. The conformer provides ``signal``; subscribing and iterating
/// go through it, so every operator is reached as `source.signal.map { … }`. Each subscription, and each
/// `for await` loop, is its own subscriber of the source.
///
/// A `for await` loop buffers what it has not consumed yet with the signal's policy, by default
/// ``BufferingPolicy/unbounded``. Choose another one with
/// `for await x in source.signal.asyncBuffering(.bufferingNewest(1))`.
///
/// ```swift
/// let clicks = PassthroughSubject<Int, Never>()
/// clicks.subscribe(value: { print("callback", $0) })
/// Task { for await click in clicks { print("loop", click) } }
/// clicks.signal.map { $0 * 2 }.subscribe(value: { print("doubled", $0) })
/// ```
///
/// - Important: The `AsyncSequence` operators (`map`, `filter`…) of a conformer are the standard library's,
///   not the signal's. Reach the signal operators through ``signal``.
public protocol SignalConvertible<Value, Failure>: AsyncSequence, Sendable
where Element == Value, AsyncIterator == Signal<Value, Failure>.AsyncIterator {
  /// The type of the values.
  associatedtype Value: Sendable
  /// The source as a signal: each subscription to it is a new subscriber of the source.
  var signal: Signal<Value, Failure> { get }
}

extension SignalConvertible {
  /// Subscribes `observer` to the source and returns what ends the subscription.
  ///
  /// ```swift
  /// let subscription = subject.subscribe(Observer { print($0) })
  /// subscription.dispose()
  /// ```
  ///
  /// - Parameter observer: The observer to deliver to.
  /// - Returns: The subscription's disposable.
  @discardableResult
  public func subscribe(_ observer: Observer<Value, Failure>) -> any Disposable {
    signal.subscribe(observer)
  }

  /// Subscribes to the source with one closure per kind of event; the closures run on the caller's actor.
  ///
  /// The same as ``Signal/subscribe(isolation:value:failed:completed:)-(Actor,(Value)->Void,_,_)`` on
  /// ``/AsyncSignals/SignalConvertible/signal``: the closures run only on the caller's actor (at once when the
  /// value is sent on it, after an ordered hop otherwise).
  ///
  /// ```swift
  /// subject.subscribe(value: { print($0) }, completed: { print("done") })
  /// ```
  ///
  /// - Parameters:
  ///   - isolation: The actor the closures run on; leave the default, the caller's.
  ///   - value: Called for each value.
  ///   - failed: Called once if the source fails.
  ///   - completed: Called once if the source completes.
  /// - Returns: The subscription's disposable.
  @discardableResult
  public func subscribe(
    isolation: isolated (any Actor) = #isolation,
    value: @escaping (Value) -> Void = { _ in },
    failed: @escaping (Failure) -> Void = { _ in },
    completed: @escaping () -> Void = {}
  ) -> any Disposable {
    signal.subscribe(isolation: isolation, value: value, failed: failed, completed: completed)
  }

  /// Subscribes to the source, from code on no actor, with one `@Sendable` closure per kind of event.
  ///
  /// The same as ``Signal/subscribe(isolation:value:failed:completed:)-(NoActor,(Value)->Void,_,_)`` on
  /// ``/AsyncSignals/SignalConvertible/signal``: the closures run on the delivering thread, one event at a time.
  ///
  /// ```swift
  /// subject.subscribe(isolation: nil, value: { print($0) })
  /// ```
  ///
  /// - Parameters:
  ///   - isolation: `nil`: the closures belong to no actor.
  ///   - value: Called for each value.
  ///   - failed: Called once if the source fails.
  ///   - completed: Called once if the source completes.
  /// - Returns: The subscription's disposable.
  @discardableResult
  public func subscribe(
    isolation: NoActor,
    value: @escaping @Sendable (Value) -> Void = { _ in },
    failed: @escaping @Sendable (Failure) -> Void = { _ in },
    completed: @escaping @Sendable () -> Void = {}
  ) -> any Disposable {
    signal.subscribe(isolation: nil, value: value, failed: failed, completed: completed)
  }

  /// Creates an iterator over the source's ``SignalConvertible/signal``; it subscribes on its first `next()`.
  ///
  /// ```swift
  /// for await value in subject { print(value) }
  /// ```
  ///
  /// - Returns: A new iterator with its own subscription.
  public func makeAsyncIterator() -> Signal<Value, Failure>.AsyncIterator {
    signal.makeAsyncIterator()
  }
}

extension Signal: SignalConvertible {
  /// The signal itself: a signal converts to itself, so that what works on every ``SignalConvertible`` (hot
  /// sources' classic names in LegacyBridge, generic code) works on a signal too.
  ///
  /// ```swift
  /// let numbers = Signal<Int, Never>(values: [1, 2, 3])
  /// numbers.signal.subscribe(isolation: nil, value: { print($0) })
  /// ```
  @inlinable
  public var signal: Signal<Value, Failure> {
    self
  }
}
