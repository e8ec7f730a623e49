import Synchronization

extension Signal {
  /// Creates a signal that iterates `stream`; since a stream can be iterated only once, the signal takes one
  /// subscription.
  ///
  /// An `AsyncStream` is single-pass: all its iterators take from one buffer, so a second subscription would
  /// receive nothing (after the first one) or a share of the values (beside it). Subscribing a second time is
  /// therefore a precondition failure that names this API. To hand the values to several subscribers, subscribe
  /// once and share that subscription: ``share(replay:scope:)`` for subscribers that overlap,
  /// ``startOnFirstSubscription(replayingLast:)`` for later ones too.
  ///
  /// The values are sent asynchronously, so a `for await` consumer paces the iteration. Disposing the
  /// subscription cancels the iteration's Task, which terminates the stream.
  ///
  /// ```swift
  /// let locations = Signal(AsyncStream<Int> { continuation in continuation.yield(1); continuation.finish() })
  /// let shared = locations.share(replay: 1)  // any number of subscribers; the stream is iterated once
  /// ```
  ///
  /// - Important: The one subscription is counted per signal: two signals made from the same stream each take
  ///   one, and split its values. Make the signal once.
  ///
  /// - Parameter stream: The stream to iterate.
  public init(_ stream: AsyncStream<Value>) where Failure == Never {
    self.init(iteratingOnce: stream, api: "Signal(_:) of an AsyncStream")
  }

  /// Creates a signal that iterates `stream`, failing with its failure; since a stream can be iterated only once,
  /// the signal takes one subscription.
  ///
  /// An `AsyncThrowingStream` is single-pass: a second subscription would receive nothing or a share of the
  /// values, so subscribing a second time is a precondition failure that names this API, as for
  /// ``init(_:)-(AsyncStream<Value>)``. Share the one subscription instead (``share(replay:scope:)``,
  /// ``startOnFirstSubscription(replayingLast:)``); a ``retry(_:)`` of it would subscribe again, and traps too.
  ///
  /// ```swift
  /// let (lines, continuation) = AsyncThrowingStream<String, any Error>.makeStream()
  /// let signal = Signal(lines)  // Signal<String, any Error>
  /// ```
  ///
  /// - Parameter stream: The stream to iterate.
  public init(_ stream: AsyncThrowingStream<Value, Failure>) {
    self.init(iteratingOnce: stream, api: "Signal(_:) of an AsyncThrowingStream")
  }

  /// The signal of a single-pass sequence: iterates it for the first subscription, and stops a second one with a
  /// precondition failure naming `api`.
  private init<Source: AsyncSequence & Sendable>(iteratingOnce source: Source, api: String)
  where Source.Element == Value, Source.Failure == Failure {
    let iteration = Signal(iterating: source)
    let claim = SinglePassClaim()
    self = iteration.derived({ observer, lifetime in
      precondition(
        claim.take(),
        "\(api): subscribed a second time. A stream can be iterated only once: a second subscriber would get "
          + "nothing, or a share of the values. Subscribe once and share that subscription: share(replay:) for "
          + "subscribers that overlap, startOnFirstSubscription() for later ones too."
      )
      iteration.start(observer, in: lifetime)
    })
  }
}

extension AsyncStream where Element: Sendable {
  /// This stream as a ``Signal``, which takes one subscription, since a stream can be iterated only once.
  ///
  /// A second subscription would receive nothing or a share of the values: it is a precondition failure. Share
  /// the one subscription to reach several subscribers (see ``Signal/init(_:)-(AsyncStream<Value>)``).
  ///
  /// ```swift
  /// let taps = AsyncStream<Int> { continuation in continuation.yield(1); continuation.finish() }.signal
  /// let shared = taps.share()  // several subscribers at once; the stream is iterated once
  /// ```
  public var signal: Signal<Element, Never> {
    Signal(self)
  }
}

extension AsyncThrowingStream where Element: Sendable {
  /// This stream as a ``Signal`` with the stream's failure, which takes one subscription, since a stream can be
  /// iterated only once.
  ///
  /// A second subscription would receive nothing or a share of the values: it is a precondition failure. Share
  /// the one subscription to reach several subscribers (see ``Signal/init(_:)-(AsyncThrowingStream<Value,Failure>)``).
  ///
  /// ```swift
  /// let (lines, continuation) = AsyncThrowingStream<String, any Error>.makeStream()
  /// let shared = lines.signal.share(replay: 1)
  /// ```
  public var signal: Signal<Element, Failure> {
    Signal(self)
  }
}

/// The one subscription of a signal made from a single-pass sequence: taken by the first subscriber.
private final class SinglePassClaim: Sendable {
  private let taken = Atomic(false)

  /// Takes the subscription; `false` if it was taken before.
  func take() -> Bool {
    taken.compareExchange(expected: false, desired: true, ordering: .relaxed).exchanged
  }
}
