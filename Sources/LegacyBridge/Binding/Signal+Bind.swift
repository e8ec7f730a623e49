import AsyncSignals

extension Signal where Failure == Never {
  /// Writes each value to a property of `target` (the classic `RAC(target, keyPath) = signal`).
  ///
  /// The target is held weakly. The binding ends when the signal ends, when the returned disposable is
  /// disposed, or at the first value that arrives after the target was released.
  ///
  /// ```swift
  /// let binding = login.isExecuting.not().bind(to: viewModel, \.isFormEnabled)
  /// ```
  ///
  /// - Important: The write happens on the thread that delivers the value; use ``/AsyncSignals/Signal/observe(on:)``
  ///   first when the target must be written on a particular thread.
  /// - Parameters:
  ///   - target: The object to write to.
  ///   - keyPath: The property to write.
  /// - Returns: The binding's disposable.
  @discardableResult
  public func bind<Target: AnyObject & Sendable>(
    to target: Target,
    _ keyPath: ReferenceWritableKeyPath<Target, Value> & Sendable
  ) -> any Disposable {
    take(while: { [weak target] value in
      guard let target else { return false }
      target[keyPath: keyPath] = value
      return true
    })
    .subscribe(value: { _ in })
  }

  /// Sets each value on `property` (the classic `RAC(target, keyPath) = signal` for a ``MutableProperty``).
  ///
  /// The property is held weakly; the binding ends with the signal, on disposal, or at the first value after
  /// the property was released.
  ///
  /// ```swift
  /// searchResults.bind(to: viewModel.results)
  /// ```
  ///
  /// - Parameter property: The property to set.
  /// - Returns: The binding's disposable.
  @discardableResult
  public func bind(to property: MutableProperty<Value>) -> any Disposable {
    bind(to: property, \.value)
  }
}
