extension Signal {
  /// Drops every value and keeps only the terminal event.
  ///
  /// ```swift
  /// save.ignoreValues()  // completed or failed(error), nothing else
  /// ```
  ///
  /// - Returns: A signal that only completes or fails, with the upstream.
  @inlinable
  public func ignoreValues() -> Signal<Value, Failure> {
    lift { downstream, _ in
      Observer { event in
        switch event {
        case .value: break
        case .failed(let failure): downstream.fail(failure)
        case .completed: downstream.complete()
        }
      }
    }
  }
}
