/// How a `for await` consumer buffers the values it has not consumed yet.
///
/// A signal pushes; a `for await` loop pulls. Between them sits one buffer per loop. Synchronous sends cannot
/// wait, so when the buffer is full the policy decides which value to drop. An asynchronous send (the
/// observer of `Signal.init(_:)` with an asynchronous body and signals made from an `AsyncSequence`) never drops:
/// it suspends until the consumer has room. Values the consumer has taken in its current batch count as not
/// consumed until it asks for the next batch.
///
/// The default is ``unbounded``: nothing is ever dropped, and asynchronous senders are paced at
/// ``unboundedAsyncLimit`` values in flight.
///
/// ```swift
/// for await position in mouseMoves.asyncBuffering(.bufferingNewest(1)) {
///   await render(position)  // always the latest position; older ones are dropped while rendering
/// }
/// ```
public enum BufferingPolicy: Sendable, Hashable {
  /// Keep every value. Asynchronous senders suspend while ``unboundedAsyncLimit`` values are unconsumed.
  case unbounded
  /// Keep at most the newest `n` values: a synchronous send into a full buffer drops the oldest one.
  case bufferingNewest(Int)
  /// Keep at most the oldest `n` values: a synchronous send into a full buffer is dropped.
  case bufferingOldest(Int)

  /// How many unconsumed values an asynchronous sender may have in flight under ``unbounded``.
  public static let unboundedAsyncLimit = 64

  /// The most values the buffer keeps for synchronous senders, or `nil` for no limit.
  @inlinable
  var bufferLimit: Int? {
    switch self {
    case .unbounded: nil
    case .bufferingNewest(let limit), .bufferingOldest(let limit): limit
    }
  }

  /// The number of unconsumed values at which an asynchronous sender suspends.
  @inlinable
  var asyncLimit: Int {
    bufferLimit ?? Self.unboundedAsyncLimit
  }
}

extension Signal {
  /// Returns the same signal, consumed by `for await` through a buffer with `policy`.
  ///
  /// Only `for await` loops see the policy; callback subscribers receive every event synchronously. The policy
  /// travels with the signal through the operators applied after it (a combining operator keeps the policy of
  /// the signal it is called on), so it can be chosen where the stream is made.
  ///
  /// ```swift
  /// for await query in searchField.asyncBuffering(.bufferingNewest(1)) { await search(query) }
  /// ```
  ///
  /// - Parameter policy: The buffering policy; a bounded one needs a limit of at least 1.
  /// - Returns: The signal with that policy.
  public func asyncBuffering(_ policy: BufferingPolicy) -> Signal {
    if let limit = policy.bufferLimit {
      precondition(limit >= 1, "asyncBuffering(_:): the limit must be at least 1, got \(limit)")
    }
    var copy = self
    copy.asyncBufferingPolicy = policy
    return copy
  }
}
