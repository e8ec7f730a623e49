/// The observer of a signal with an asynchronous body: `send` suspends while a `for await` consumer is behind.
///
/// A body written as an `async` function returns to complete and throws to fail; it sends values with
/// ``send(_:)``. When the subscriber is a `for await` loop, `send` waits until the loop's buffer has room
/// (see ``BufferingPolicy``), which is real backpressure: the body never runs further ahead of the consumer
/// than the policy allows. With a callback subscriber, `send` delivers synchronously and returns.
///
/// ```swift
/// let lines = Signal<String, any Error> { observer in
///   for try await line in url.lines {
///     guard await observer.send(line) else { return }  // the subscriber is gone: stop reading
///   }
/// }
/// ```
public struct AsyncObserver<Value: Sendable, Failure: Error>: Sendable {
  @usableFromInline
  let observer: Observer<Value, Failure>

  /// The subscription's lifetime: attach cleanup to it, or check whether the subscriber is gone.
  public let lifetime: Lifetime

  @usableFromInline
  init(_ observer: Observer<Value, Failure>, lifetime: Lifetime) {
    self.observer = observer
    self.lifetime = lifetime
  }

  /// Sends a value, first waiting until a `for await` consumer has room for it; returns whether the
  /// subscription goes on.
  ///
  /// It returns `false` once the subscription has ended: the subscriber disposed it or left its loop, or a
  /// terminal event went out (a `take(3)` downstream took its last value). The value was then dropped, or was
  /// the last one delivered, and every later send is dropped too. Like `AsyncStream.Continuation.yield`, the
  /// result lets a producer loop stop by itself:
  ///
  /// ```swift
  /// let counter = Signal<Int, Never> { observer in
  ///   var next = 0
  ///   while await observer.send(next) { next += 1 }  // stops when the subscriber goes away
  /// }
  /// ```
  ///
  /// - Important: The body's Task is cancelled when the subscription ends, but cancellation is cooperative: a
  ///   body that ignores this result (and `Task.isCancelled`) runs on, sending into nothing, until it returns.
  ///
  /// - Parameter value: The value.
  /// - Returns: `true` while the subscription goes on; `false` once it has ended.
  @inlinable
  @discardableResult
  public func send(_ value: Value) async -> Bool {
    // The synchronous check keeps the common case (room in the buffer) free of a suspension point.
    if let backpressure = lifetime.backpressure, !backpressure.hasRoom() {
      await backpressure.waitForRoom()
    }
    observer.send(value)
    return !lifetime.isDisposed
  }
}

extension Signal {
  /// Creates a signal whose asynchronous body runs in a Task once per subscription.
  ///
  /// The body sends with `await observer.send(value)`, which suspends while a `for await` consumer is behind.
  /// Returning completes the signal; throwing fails it with the typed error. Disposing the subscription
  /// cancels the body's Task, and `send` returns `false` from then on: cancellation is cooperative, so a body
  /// that loops stops by checking that result (or `Task.isCancelled`).
  ///
  /// ```swift
  /// let pages = Signal<Page, FetchError> { observer in
  ///   var next: URL? = firstPage
  ///   while let url = next {
  ///     let page = try await fetch(url)
  ///     guard await observer.send(page) else { return }
  ///     next = page.nextURL
  ///   }
  /// }
  /// ```
  ///
  /// - Parameter body: The asynchronous work of one subscription.
  @inlinable
  public init(_ body: @escaping @Sendable (AsyncObserver<Value, Failure>) async throws(Failure) -> Void) {
    // Not `init(_:)` with a synchronous body: that body would own delivery until it returns, and a send the Task
    // makes meanwhile (on another thread) would only be queued, unseen by the consumer's room check, so the
    // body could overrun a bounded `for await` loop, which then drops what does not fit. Here nobody else owns
    // delivery, and each `send` delivers before it returns.
    self.init(
      startHandler: { downstream, lifetime in
        let delivery = SerialDelivery(downstream: downstream, lifetime: lifetime)
        lifetime.add(delivery)
        Self.startTask(of: body, observer: delivery.observer, lifetime: lifetime)
      },
      asyncBufferingPolicy: .unbounded
    )
  }

  /// Runs an asynchronous body in a Task of the subscription's lifetime, and ends the stream when it returns.
  @inlinable
  static func startTask(
    of body: @escaping @Sendable (AsyncObserver<Value, Failure>) async throws(Failure) -> Void,
    observer: Observer<Value, Failure>,
    lifetime: Lifetime
  ) {
    let asyncObserver = AsyncObserver(observer, lifetime: lifetime)
    lifetime.task {
      do throws(Failure) {
        try await body(asyncObserver)
        observer.complete()
      } catch {
        observer.fail(error)
      }
    }
  }
}
