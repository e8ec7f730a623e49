extension Signal {
  /// Sends the last `count` values when the signal completes, then completes.
  ///
  /// It buffers up to `count` values per subscription (dropping the oldest) and sends nothing before the
  /// upstream completes. A failure passes through at once and the buffered values are discarded.
  ///
  /// ```swift
  /// Signal(values: 1...5).take(last: 2)  // 4, 5, completed (all at completion)
  /// ```
  ///
  /// - Parameter count: How many of the last values to send; must be at least 0.
  /// - Returns: A signal of the last `count` values.
  @inlinable
  public func take(last count: Int) -> Signal<Value, Failure> {
    precondition(count >= 0, "take(last:): count must be >= 0, got \(count)")
    return lift { downstream, _ in
      let buffer = OperatorState(Queue<Value>())
      return Observer { event in
        switch event {
        case .value(let value):
          guard count > 0 else { return }
          if buffer.value.count == count {
            _ = buffer.value.popFirst()
          }
          buffer.value.append(value)
        case .failed(let failure):
          buffer.value = Queue()
          downstream.fail(failure)
        case .completed:
          while let value = buffer.value.popFirst() {
            downstream.send(value)
          }
          downstream.complete()
        }
      }
    }
  }
}
