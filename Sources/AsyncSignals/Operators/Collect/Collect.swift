extension Signal {
  /// Collects every value into one array, sent when the signal completes.
  ///
  /// Sends exactly one array (empty if there was no value), then completes. A failure passes through at once
  /// and the collected values are discarded. It buffers every value of the subscription.
  ///
  /// ```swift
  /// Signal(values: [1, 2, 3]).collect()  // [1, 2, 3], completed
  /// ```
  ///
  /// - Returns: A signal of the array of all values.
  @inlinable
  public func collect() -> Signal<[Value], Failure> {
    reduce(into: []) { $0.append($1) }
  }

  /// Collects the values into arrays of `count`, sending each array as it fills.
  ///
  /// At completion the remaining values, if any, are sent as a shorter last array. A failure passes through
  /// at once and the partial array is discarded.
  ///
  /// ```swift
  /// Signal(values: 1...5).collect(count: 2)  // [1, 2], [3, 4], [5], completed
  /// ```
  ///
  /// - Parameter count: The size of each array; must be at least 1.
  /// - Returns: A signal of arrays of `count` values.
  @inlinable
  public func collect(count: Int) -> Signal<[Value], Failure> {
    precondition(count >= 1, "collect(count:): count must be >= 1, got \(count)")
    return lift { downstream, _ in
      let machine = OperatorState(CollectCountStateMachine<Value>(count: count))
      return Observer { event in
        switch event {
        case .value(let value):
          switch machine.value.valueReceived(value) {
          case .send(let chunk): downstream.send(chunk)
          case .none: break
          }
        case .failed(let failure):
          machine.value.failed().perform(failure, on: downstream)
        case .completed:
          switch machine.value.completed() {
          case .sendAndComplete(let chunk):
            downstream.send(chunk)
            downstream.complete()
          case .complete:
            downstream.complete()
          case .none:
            break
          }
        }
      }
    }
  }
}
