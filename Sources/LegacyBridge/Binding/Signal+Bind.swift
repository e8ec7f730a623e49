import AsyncSignals

extension Signal where Failure == Never {
  /// Writes each value to a property of `target` (the classic `RAC(target, keyPath) = signal`).
  ///
  /// Call it on an actor (a main-actor view, your own actor): the writes happen on that actor only, at once for a
  /// value sent on it, after an ordered hop for one sent elsewhere, so `target` can be a plain main-actor UI
  /// object. Code on no actor binds to a ``MutableProperty`` (``bind(to:)``), which is safe from any thread, or
  /// subscribes with `isolation: nil` and `@Sendable` closures. The target is held weakly. The binding ends when the signal ends, when the returned disposable is disposed, or at the first
  /// value that arrives after the target was released.
  ///
  /// ```swift
  /// @MainActor func bind(_ model: LoginViewModel, to button: Button) {
  ///   model.isValid.bind(to: button, \.isEnabled).disposed(by: bag)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - isolation: The actor the writes happen on; leave the default, the caller's.
  ///   - target: The object to write to.
  ///   - keyPath: The property to write.
  /// - Returns: The binding's disposable.
  @discardableResult
  public func bind<Target: AnyObject>(
    isolation: isolated (any Actor) = #isolation,
    to target: Target,
    _ keyPath: ReferenceWritableKeyPath<Target, Value>
  ) -> any Disposable {
    let binding = SerialDisposable()
    binding.inner = subscribe(
      isolation: isolation,
      value: { [weak target] value in
        guard let target else { return binding.dispose() }
        target[keyPath: keyPath] = value
      }
    )
    return binding
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
    // A property is thread-safe: write it on the delivering thread rather than hop to the caller's actor.
    let binding = SerialDisposable()
    binding.inner = subscribe(
      isolation: nil,
      value: { [weak property] value in
        guard let property else { return binding.dispose() }
        property.value = value
      }
    )
    return binding
  }
}
