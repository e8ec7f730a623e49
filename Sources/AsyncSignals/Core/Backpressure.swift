/// A consumer that can make an asynchronous producer wait until it has room (a `for await` buffer).
///
/// A `for await` loop's buffer (`ForAwaitStorage`) is the one implementation. The loop's subscription
/// ``Lifetime`` carries it, and every child lifetime an operator makes inherits it, so an asynchronous sender
/// anywhere upstream (`AsyncObserver.send`, a signal made from an `AsyncSequence`, a subject's `sendWhenReady`)
/// can ask the consumer at the end of the chain for room before it sends.
///
/// ```
///  async body ──await send──▶ hasRoom()? ──no──▶ waitForRoom() … ──▶ operators ──▶ for-await buffer
///                                                     ▲                                   │
///                                                     └────────── the loop takes a batch ─┘
/// ```
@usableFromInline
protocol Backpressure: AnyObject, Sendable {
  /// Whether the consumer can take another value now (or is gone), so a sender need not wait.
  func hasRoom() -> Bool

  /// Returns once the consumer can take another value, or at once when it is gone or the Task is cancelled.
  func waitForRoom() async
}
