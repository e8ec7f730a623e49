/// A cold stream of values that ends with completion or a typed failure, consumed with callbacks or `for await`.
///
/// A signal is a recipe: its body runs once per subscription, lazily, when somebody subscribes, and sends
/// events into the ``Observer`` it is given. Nothing happens until then, and two subscribers get two runs.
/// Events follow the grammar `value* (failed | completed)?`. Delivery is push-based and synchronous: a value
/// travels from the body through every operator to the subscriber in one call chain, with no Task, actor hop
/// or allocation per event.
///
/// The same signal can be consumed in two styles:
///
/// ```swift
/// let numbers = Signal<Int, Never> { observer, lifetime in
///   observer.send(1)
///   observer.send(2)
///   observer.complete()
///   lifetime.onDispose { print("cleaned up") }
/// }
///
/// // Callbacks: returns a disposable that ends the subscription.
/// numbers.subscribe(value: { print($0) }, completed: { print("done") })
///
/// // Swift concurrency: the loop subscribes on its first iteration and disposes when it ends.
/// for await number in numbers { print(number) }
/// ```
///
/// ```
///  Signal (value, Sendable) ──subscribe──▶ Lifetime ◀── returned as the Disposable
///     body(observer, lifetime)               │ owns: SerialDelivery, cleanups, Tasks
///          │ send                            ▼
///          └────▶ SerialDelivery ──▶ operators ──▶ subscriber's Observer / for-await buffer
/// ```
///
/// - Important: Operators rely on serial delivery. A signal built with `init(_:)` with a synchronous body
///   serialises whatever its body sends, from any thread.
public struct Signal<Value: Sendable, Failure: Error>: Sendable {
  /// Starts one subscription: runs the body (or subscribes upstream) delivering to the observer.
  @usableFromInline
  let startHandler: @Sendable (Observer<Value, Failure>, Lifetime) -> Void

  /// How a `for await` loop over this signal buffers values it has not consumed yet.
  public internal(set) var asyncBufferingPolicy: BufferingPolicy = .unbounded

  /// Creates a signal whose body runs once per subscription.
  ///
  /// The body sends events into `observer`, from any thread, now or later, and attaches cleanup and Tasks to
  /// `lifetime`. Sends are serialised; whatever is sent after a terminal event or after disposal is dropped.
  /// A long synchronous body checks ``Lifetime/isDisposed`` to stop early. While the body runs, its own thread
  /// delivers: what other threads send meanwhile is delivered between the body's sends or when it returns, so
  /// the body must not block waiting for another thread's send to reach the subscriber.
  ///
  /// ```swift
  /// let clock = Signal<Date, Never> { observer, lifetime in
  ///   let timer = DispatchSource.makeTimerSource()
  ///   timer.setEventHandler { observer.send(Date()) }
  ///   timer.schedule(deadline: .now(), repeating: 1)
  ///   timer.resume()
  ///   lifetime.onDispose { timer.cancel() }
  /// }
  /// ```
  ///
  /// - Parameter body: Runs at each subscription with that subscription's observer and lifetime.
  @inlinable
  public init(_ body: @escaping @Sendable (Observer<Value, Failure>, Lifetime) -> Void) {
    startHandler = { downstream, lifetime in
      let delivery = SerialDelivery(downstream: downstream, lifetime: lifetime)
      lifetime.add(delivery)
      delivery.runBody { body(delivery.observer, lifetime) }
    }
  }

  /// Creates a signal from a start handler that already delivers serially and in grammar (operators).
  /// (Two parameters, so that a trailing closure never picks this initialiser by accident.)
  @usableFromInline
  init(
    startHandler: @escaping @Sendable (Observer<Value, Failure>, Lifetime) -> Void,
    asyncBufferingPolicy: BufferingPolicy
  ) {
    self.startHandler = startHandler
    self.asyncBufferingPolicy = asyncBufferingPolicy
  }

  /// Creates a signal from a start handler that already delivers serially and in grammar (operators).
  @inlinable
  package static func unserialized(
    _ startHandler: @escaping @Sendable (Observer<Value, Failure>, Lifetime) -> Void
  ) -> Signal {
    Signal(startHandler: startHandler, asyncBufferingPolicy: .unbounded)
  }

  /// Creates a signal from a start handler that already delivers serially and in grammar (an operator on this
  /// signal), keeping this signal's ``asyncBufferingPolicy``, so that a policy chosen upstream survives the
  /// operators after it.
  @inlinable
  package func derived<NewValue, NewFailure>(
    _ startHandler: @escaping @Sendable (Observer<NewValue, NewFailure>, Lifetime) -> Void
  ) -> Signal<NewValue, NewFailure> {
    Signal<NewValue, NewFailure>(startHandler: startHandler, asyncBufferingPolicy: asyncBufferingPolicy)
  }

  /// Starts a subscription delivering to `observer` within `lifetime`.
  ///
  /// Unlike a subscriber, it does not end the lifetime after a terminal event. Operators use it to subscribe
  /// upstream.
  @inlinable
  package func start(_ observer: Observer<Value, Failure>, in lifetime: Lifetime) {
    startHandler(observer, lifetime)
  }

  /// Builds an operator from a function that wraps the downstream observer.
  ///
  /// The returned signal subscribes to this one with the observer `transform` makes. The operator runs within the subscription's one lifetime and relies on the serial
  /// delivery of its upstream.
  ///
  /// ```swift
  /// func doubled() -> Signal<Int, Never> {
  ///   lift { downstream, _ in Observer { downstream.send(event: $0.map { $0 * 2 }) } }
  /// }
  /// ```
  @inlinable
  package func lift<NewValue, NewFailure>(
    _ transform: @escaping @Sendable (Observer<NewValue, NewFailure>, Lifetime) -> Observer<Value, Failure>
  ) -> Signal<NewValue, NewFailure> {
    derived({ downstream, lifetime in
      startHandler(transform(downstream, lifetime), lifetime)
    })
  }
}
