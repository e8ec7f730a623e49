/// The Tasks waiting in a subject's `waitForSubscribers(_:)`, and the decisions about them.
///
/// Pure: it never resumes anyone. Each transition returns the continuations to resume, and the subject resumes
/// them after unlocking. A waiter is done when the subject has at least as many subscribers as it asked for,
/// when the subject ended (nobody registers any more), or when its Task is cancelled.
///
/// ```swift
/// var waiters = SubscriberWaiters()
/// let id = waiters.add(awaiting: 1, current: 0, continuation)   // waits
/// let ready = waiters.subscribersChanged(to: 1, ended: false)    // [continuation]: resume after unlocking
/// ```
///
/// Generic over what resumes a waiter, so that its tests use plain values; subjects use an `UnsafeContinuation`.
@usableFromInline
struct SubscriberWaiters<Continuation: Sendable>: Sendable {
  /// One waiting Task.
  private struct Waiter: Sendable {
    /// Identifies it for cancellation.
    var id: UInt64
    /// How many subscribers it waits for.
    var count: Int
    /// What resumes it.
    var continuation: Continuation
  }

  /// The waiting Tasks, in the order they started waiting.
  private var waiting: [Waiter] = []
  /// The identifier of the next waiter.
  private var nextID: UInt64 = 0
  /// Whether the subject ended.
  private var ended = false

  @usableFromInline
  init() {}

  /// Whether no Task waits: the subject can skip the check after a change of its subscribers.
  @usableFromInline
  var isEmpty: Bool { waiting.isEmpty }

  /// Registers a Task that waits for `count` subscribers while there are `current`; returns its identifier, or
  /// `nil` when it need not wait (there are enough, or the subject ended) and should be resumed at once.
  mutating func add(awaiting count: Int, current: Int, _ continuation: Continuation) -> UInt64? {
    guard current < count, !ended else { return nil }
    nextID += 1
    waiting.append(Waiter(id: nextID, count: count, continuation: continuation))
    return nextID
  }

  /// The subject has `current` subscribers now (`ended`: it sent its terminal event); returns the waiters that
  /// are done, in the order they started waiting.
  @usableFromInline
  mutating func subscribersChanged(to current: Int, ended: Bool) -> [Continuation] {
    if ended { self.ended = true }
    var done: [Continuation] = []
    waiting.removeAll { waiter in
      guard waiter.count <= current || self.ended else { return false }
      done.append(waiter.continuation)
      return true
    }
    return done
  }

  /// The Task of waiter `id` was cancelled: returns its continuation, unless it was already resumed.
  mutating func cancel(id: UInt64) -> Continuation? {
    guard let index = waiting.firstIndex(where: { $0.id == id }) else { return nil }
    return waiting.remove(at: index).continuation
  }
}
