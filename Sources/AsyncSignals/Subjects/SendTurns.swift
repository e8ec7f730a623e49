/// Whose turn it is among the Tasks in a subject's `sendWhenReady(_:)`, and who waits for one.
///
/// `sendWhenReady` checks every bounded `for await` loop for room and then sends. Two senders doing that at
/// once could both see the last free place and both send, and the bounded loop would drop one value (4,000 of
/// 8,000 values of four concurrent senders were lost before). So one sender at a time takes a turn for the
/// check and the send, in the order they arrived; a sender whose Task is cancelled while it waits leaves the
/// line.
///
/// Pure: it never resumes anyone. Each transition returns the continuation to resume, and the subject resumes
/// it after unlocking. Generic over what resumes a waiter, so that its tests use plain values.
///
/// ```swift
/// var turns = SendTurns<Continuation>()
/// turns.enter()                       // .entered: the first sender has the turn
/// turns.enter(waiting: continuation)  // .waiting(id): the next one waits
/// turns.leave()                       // continuation: resume it after unlocking, it has the turn now
/// ```
@usableFromInline
struct SendTurns<Continuation: Sendable>: Sendable {
  /// One waiting sender.
  @usableFromInline
  struct Waiter: Sendable {
    /// Identifies it for cancellation.
    @usableFromInline
    var id: UInt64
    /// What resumes it.
    @usableFromInline
    var continuation: Continuation

    @inlinable
    init(id: UInt64, continuation: Continuation) {
      self.id = id
      self.continuation = continuation
    }
  }

  /// Whether a sender has the turn.
  @usableFromInline
  var isTaken = false
  /// The senders waiting for a turn, in the order they arrived.
  @usableFromInline
  var waiting: [Waiter] = []
  /// The identifier of the next waiter.
  @usableFromInline
  var nextID: UInt64 = 0

  @usableFromInline
  init() {}

  /// A sender asks for the turn without waiting: returns whether it got it.
  @inlinable
  mutating func enter() -> Bool {
    guard !isTaken else { return false }
    isTaken = true
    return true
  }

  /// A sender asks for the turn and would wait with `continuation`: returns `nil` if it got the turn at once,
  /// or the identifier it waits under.
  @inlinable
  mutating func enter(waiting continuation: Continuation) -> UInt64? {
    guard isTaken else {
      isTaken = true
      return nil
    }
    let id = nextID
    nextID += 1
    waiting.append(Waiter(id: id, continuation: continuation))
    return id
  }

  /// The sender with the turn is done: returns the next waiter, who has the turn now, if any.
  @inlinable
  mutating func leave() -> Continuation? {
    guard !waiting.isEmpty else {
      isTaken = false
      return nil
    }
    return waiting.removeFirst().continuation
  }

  /// The waiter `id` was cancelled: returns it, to resume without the turn, if it still waits.
  @inlinable
  mutating func cancel(id: UInt64) -> Continuation? {
    guard let index = waiting.firstIndex(where: { $0.id == id }) else { return nil }
    return waiting.remove(at: index).continuation
  }
}
