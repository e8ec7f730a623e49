extension Signal: AsyncSequence {
  /// The values of the signal, one per iteration.
  public typealias Element = Value

  /// Iterates a signal: subscribes on the first `next()`, and ends the subscription when the loop ends.
  ///
  /// Events pushed by the signal wait in a buffer governed by ``Signal/asyncBufferingPolicy``; one resume of
  /// the iterating Task takes every buffered event, so a fast signal costs one suspension per batch, not per
  /// value. Cancelling the iterating Task ends the iteration (`next()` returns `nil`) and disposes the
  /// subscription, which runs the body's cleanup and cancels its Tasks. A failure is thrown once, typed.
  ///
  /// ```swift
  /// var iterator = signal.makeAsyncIterator()
  /// while let value = try await iterator.next() { print(value) }
  /// ```
  public struct AsyncIterator: AsyncIteratorProtocol {
    @usableFromInline
    let consumer: ForAwaitConsumer<Value, Failure>
    @usableFromInline
    var batch: [Event<Value, Failure>] = []
    @usableFromInline
    var index = 0
    @usableFromInline
    var isFinished = false

    @inlinable
    init(_ signal: Signal) {
      consumer = ForAwaitConsumer(signal)
    }

    /// Returns the next value, `nil` at completion or after cancellation, or throws the signal's failure.
    ///
    /// - Parameter actor: The caller's isolation, inherited while waiting.
    /// - Returns: The next value, or `nil` when the stream is over.
    /// - Throws: The signal's typed failure, once.
    @inlinable
    @inline(__always)
    public mutating func next(isolation actor: isolated (any Actor)? = #isolation) async throws(Failure) -> Value? {
      // The common case, a value already in the batch, inlines into the loop without a call. A Task cancelled
      // while it works through a batch stops at its next `next()`, not at the end of the batch.
      if index < batch.count, case .value(let value) = batch[index] {
        guard !Self.isCancelled() else { return cancelledMidBatch() }
        index += 1
        return value
      }
      return try await nextEvent(isolation: actor)
    }

    /// Whether the iterating Task was cancelled since the batch was taken.
    ///
    /// `Task.isCancelled`: public API, a call into the runtime. A flag in the buffer, set by a cancellation
    /// handler, cannot replace it: a handler is called only while its `withTaskCancellationHandler` scope runs,
    /// and a cancellation that lands while the loop's body runs (outside `next()`) finds no handler of ours.
    /// The first value of each batch skips it: the batch was taken inside the handler's scope, which ends the
    /// loop (an empty batch) when the Task is cancelled.
    @inlinable
    @inline(__always)
    static func isCancelled() -> Bool {
      Task.isCancelled
    }

    /// Takes the next event from the batch, asking for a new batch when it is used up.
    @inlinable
    @inline(__always)
    mutating func nextEvent(isolation actor: isolated (any Actor)?) async throws(Failure) -> Value? {
      var isFreshBatch = false
      while true {
        if index < batch.count {
          let event = batch[index]
          index += 1
          switch event {
          case .value(let value):
            guard isFreshBatch || !Self.isCancelled() else { return cancelledMidBatch() }
            return value
          case .completed:
            finish()
            return nil
          case .failed(let failure):
            finish()
            throw failure
          }
        }
        guard !isFinished else { return nil }
        var recycled = batch
        batch = []
        recycled.removeAll(keepingCapacity: true)
        index = 0
        // Consumed: a reference kept here across the suspension would make the buffer shared, and the
        // signal's first append to it would copy it (one malloc per batch).
        batch = await consumer.nextBatch(recycling: consume recycled, isolation: actor)
        isFreshBatch = true
        if batch.isEmpty {
          finish()
          return nil
        }
      }
    }

    /// Returns the next value, `nil` at completion or after cancellation, or throws the signal's failure.
    ///
    /// - Returns: The next value, or `nil` when the stream is over.
    /// - Throws: The signal's typed failure, once.
    @inlinable
    public mutating func next() async throws(Failure) -> Value? {
      try await next(isolation: nil)
    }

    /// Ends the iteration of a cancelled Task that still had buffered values, and disposes its subscription.
    @usableFromInline
    mutating func cancelledMidBatch() -> Value? {
      finish()
      return nil
    }

    @inlinable
    mutating func finish() {
      isFinished = true
      batch = []
      index = 0
      consumer.cancel()  // here, specialised, rather than from the consumer's generic deinit
    }
  }

  /// Creates an iterator; the signal is subscribed on its first `next()`.
  ///
  /// - Returns: A new iterator with its own subscription.
  @inlinable
  public func makeAsyncIterator() -> AsyncIterator {
    AsyncIterator(self)
  }
}

@available(*, unavailable)
extension Signal.AsyncIterator: Sendable {}
