/// The receiving end of a signal: where events are sent.
///
/// A signal's body sends into the observer it is given; a subscriber passes an observer to receive events.
/// An observer is a cheap value around one closure and can be copied and sent across threads freely.
/// The observer handed to a body serialises what it is sent: concurrent sends never overlap downstream,
/// a send from inside a delivery is queued and delivered right after it, and nothing is delivered after a
/// terminal event or after the subscription is disposed.
///
/// ```swift
/// let numbers = Signal<Int, Never> { observer, _ in
///   observer.send(1)
///   observer.send(2)
///   observer.complete()
/// }
/// numbers.subscribe(Observer { event in print(event) })  // value(1), value(2), completed
/// ```
public struct Observer<Value: Sendable, Failure: Error>: Sendable {
  @usableFromInline
  let action: @Sendable (Event<Value, Failure>) -> Void

  /// Creates an observer that handles each event with `action`.
  ///
  /// - Parameter action: Called once per event, serially.
  @inlinable
  public init(_ action: @escaping @Sendable (Event<Value, Failure>) -> Void) {
    self.action = action
  }

  /// Creates an observer from one closure per kind of event; the closures run on the caller's actor.
  ///
  /// Made on an actor (the main actor, or your own), the observer calls its closures on that actor only: at once
  /// for an event sent on it, after an ordered hop for one sent elsewhere. Like a ReactiveCocoa subscriber, it
  /// handles one event at a time and nothing after its first terminal event, whether that event came from one of
  /// its subscriptions or was sent to it directly.
  ///
  /// ```swift
  /// @MainActor func show(_ names: Signal<String, Never>, in label: Label) {
  ///   names.subscribe(Observer(value: { label.text = $0 }))
  /// }
  /// ```
  ///
  /// Code on no actor passes `isolation: nil` and `@Sendable` closures:
  /// ``init(isolation:value:failed:completed:)-(NoActor,_,_,_)``.
  ///
  /// - Important: Disposing a subscription of an observer made on an actor stops the events upstream, but an event
  ///   already on its way to the actor still arrives there. ``Signal/subscribe(isolation:value:failed:completed:)-(Actor,(Value)->Void,_,_)``
  ///   also drops those.
  /// - Parameters:
  ///   - isolation: The actor the closures run on; leave the default, the caller's.
  ///   - value: Called for each value.
  ///   - failed: Called once if the signal fails.
  ///   - completed: Called once if the signal completes.
  @inlinable
  public init(
    isolation: isolated (any Actor) = #isolation,
    value: @escaping (Value) -> Void = { _ in },
    failed: @escaping (Failure) -> Void = { _ in },
    completed: @escaping () -> Void = {}
  ) {
    self.init(
      on: isolation,
      IsolatedSubscription<Value, Failure>.Handlers(value: value, failed: failed, completed: completed)
    )
  }

  /// Creates an observer, from code on no actor, from one `@Sendable` closure per kind of event.
  ///
  /// The closures run on the thread that sends, one event at a time: a send that arrives while another is being
  /// handled (from another thread, or from inside a closure) waits in a queue and is handled next, by the thread
  /// already handling one. Nothing is handled after the first terminal event, whether it came from one of the
  /// observer's subscriptions or was sent to it directly (a ReactiveCocoa subscriber's promise).
  ///
  /// ```swift
  /// let printer = Observer<Int, Never>(isolation: nil, value: { print($0) }, completed: { print("done") })
  /// ```
  ///
  /// - Parameters:
  ///   - isolation: `nil`: the closures belong to no actor.
  ///   - value: Called for each value.
  ///   - failed: Called once if the signal fails.
  ///   - completed: Called once if the signal completes.
  public init(
    isolation: NoActor,
    value: @escaping @Sendable (Value) -> Void = { _ in },
    failed: @escaping @Sendable (Failure) -> Void = { _ in },
    completed: @escaping @Sendable () -> Void = {}
  ) {
    // The mailbox every signal body sends into: serial, in grammar, no lock held while a closure runs. Its
    // lifetime belongs to this observer alone and ends with its first terminal event.
    let delivery = SerialDelivery(
      downstream: Observer { event in
        switch event {
        case .value(let element): value(element)
        case .failed(let failure): failed(failure)
        case .completed: completed()
        }
      },
      lifetime: Lifetime(preferring: nil)
    )
    self.init { event in delivery.send(event) }
  }

  /// Creates an observer that delivers to `handlers` on `actor` (the caller runs on it).
  @inlinable
  init(on actor: any Actor, _ handlers: IsolatedSubscription<Value, Failure>.Handlers) {
    let mailbox = IsolatedSubscription(subscriber: ActorContext(actor), handlers: handlers)
    self.action = { event in mailbox.receive(event) }
  }

  /// Sends a value.
  ///
  /// - Parameter value: The value.
  @inlinable
  public func send(_ value: Value) {
    action(.value(value))
  }

  /// Sends a failure, ending the stream.
  ///
  /// - Parameter failure: The failure.
  @inlinable
  public func fail(_ failure: Failure) {
    action(.failed(failure))
  }

  /// Sends completion, ending the stream.
  @inlinable
  public func complete() {
    action(.completed)
  }

  /// Sends an event of any kind.
  ///
  /// - Parameter event: The event.
  @inlinable
  public func send(event: Event<Value, Failure>) {
    action(event)
  }
}
