import AsyncSignals

extension SerialDisposable {
  /// Classic name for setting ``/AsyncSignals/SerialDisposable/inner``, with RAC's meaning:
  /// `-[RACSerialDisposable swapInDisposable:]`.
  ///
  /// Unlike the ``/AsyncSignals/SerialDisposable/inner`` setter, it does **not** dispose the previous inner
  /// disposable: it returns it, and the caller decides what to do with it. Once the serial disposable is
  /// disposed, it disposes `newDisposable` at once and returns `nil`.
  ///
  /// ```swift
  /// let serial = SerialDisposable(firstRequest)
  /// let previous = serial.swapInDisposable(secondRequest)  // firstRequest, still running
  /// previous?.dispose()                                    // only if you want it to stop
  /// ```
  ///
  /// - Parameter newDisposable: The new inner disposable.
  /// - Returns: The previous inner disposable, not disposed; `nil` if there was none or after disposal.
  @discardableResult
  public func swapInDisposable(_ newDisposable: (any Disposable)?) -> (any Disposable)? {
    swapInner(newDisposable)
  }
}
