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
      let machine = OperatorState(TakeLastStateMachine<Value>(count: count))
      return Observer { event in
        switch event {
        case .value(let value):
          machine.value.valueReceived(value)
        case .failed(let failure):
          machine.value.failed().perform(failure, on: downstream)
        case .completed:
          switch machine.value.completed() {
          case .sendAndComplete(var values):
            while let value = values.popFirst() {
              downstream.send(value)
            }
            downstream.complete()
          case .none:
            break
          }
        }
      }
    }
  }
}
