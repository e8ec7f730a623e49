/// The asynchronous senders waiting for room in one `for await` loop's buffer, in the order they suspended.
///
/// Usually there is one (the body of the signal), so the first is stored inline: waiting and being resumed
/// allocate nothing. Only further senders go to an array.
///
/// ```swift
/// var waiters = ProducerWaiters()
/// waiters.append(continuation)
/// waiters.resumeAll()  // after unlocking
/// ```
@usableFromInline
struct ProducerWaiters: Sendable {
  @usableFromInline
  typealias Continuation = UnsafeContinuation<Void, Never>

  @usableFromInline
  var first: Continuation?
  @usableFromInline
  var rest: [Continuation] = []

  @inlinable
  init() {}

  /// Whether no sender waits.
  @inlinable
  var isEmpty: Bool { first == nil }

  /// How many senders wait.
  @inlinable
  var count: Int { first == nil ? 0 : 1 + rest.count }

  /// Adds a sender that just suspended.
  @inlinable
  mutating func append(_ waiter: Continuation) {
    if first == nil {
      first = waiter
    } else {
      rest.append(waiter)
    }
  }

  /// Resumes every sender, in order (outside the lock).
  @inlinable
  func resumeAll() {
    first?.resume()
    for waiter in rest {
      waiter.resume()
    }
  }
}
