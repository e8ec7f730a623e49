import AsyncSignals

extension Observer {
  /// Classic name for ``/AsyncSignals/Observer/send(_:)``: `-[RACSubscriber sendNext:]`.
  ///
  /// ```swift
  /// subscriber.sendNext(1)
  /// ```
  ///
  /// - Parameter value: The value.
  public func sendNext(_ value: Value) {
    send(value)
  }

  /// Classic name for ``/AsyncSignals/Observer/fail(_:)``: `-[RACSubscriber sendError:]`.
  ///
  /// ```swift
  /// subscriber.sendError(.timedOut)
  /// ```
  ///
  /// - Parameter error: The failure.
  public func sendError(_ error: Failure) {
    fail(error)
  }

  /// Classic name for ``/AsyncSignals/Observer/complete()``: `-[RACSubscriber sendCompleted]`.
  ///
  /// ```swift
  /// subscriber.sendCompleted()
  /// ```
  public func sendCompleted() {
    complete()
  }
}
