import AsyncSignals

extension Signal {
  /// Classic name for ``/AsyncSignals/Signal/catch(to:)``: `-catchTo:`.
  ///
  /// ```swift
  /// liveResults.catchTo(.return([]))  // an empty list instead of the failure
  /// ```
  ///
  /// - Parameter replacement: The signal subscribed to after a failure.
  /// - Returns: The values until the failure, then `replacement`'s events.
  public func catchTo<NewFailure>(_ replacement: Signal<Value, NewFailure>) -> Signal<Value, NewFailure> {
    self.catch(to: replacement)
  }

  /// Classic name for ``/AsyncSignals/Signal/tryMap(_:)`` with a check that keeps the value: `-try:`.
  ///
  /// ```swift
  /// uploads.try { upload throws(UploadError) in try upload.validate() }
  /// ```
  ///
  /// - Parameter check: Throws the failure that ends the signal, or returns to let the value through.
  /// - Returns: The values that passed `check`, failing at the first that did not.
  public func `try`(_ check: @escaping @Sendable (Value) throws(Failure) -> Void) -> Signal {
    tryMap { (value: Value) throws(Failure) -> Value in
      try check(value)
      return value
    }
  }
}
