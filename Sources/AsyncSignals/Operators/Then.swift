extension Signal {
  /// Ignores the values, and when the signal completes, continues with the signal `makeNext` creates.
  ///
  /// `makeNext` is called, and its signal subscribed, only after completion, once per subscription. A failure
  /// passes through at once and `makeNext` is never called. The first signal's subscription ends before the
  /// next one starts.
  ///
  /// ```
  ///  self:  ─1──2──|
  ///  next:          ─a──b──|
  ///  then:  ─────────a──b──|
  /// ```
  ///
  /// ```swift
  /// logIn.then { fetchProfile() }  // the profile, once logging in completed
  /// ```
  ///
  /// - Parameter makeNext: Creates the signal to continue with.
  /// - Returns: A signal of the values of the next signal.
  @inlinable
  public func then<NewValue>(
    _ makeNext: @escaping @Sendable () -> Signal<NewValue, Failure>
  ) -> Signal<NewValue, Failure> {
    derived({ downstream, lifetime in
      let firstLifetime = lifetime.makeChild()
      start(
        Observer { event in
          switch event {
          case .value:
            break
          case .failed(let failure):
            downstream.fail(failure)
          case .completed:
            firstLifetime.dispose()
            guard !lifetime.isDisposed else { return }
            makeNext().start(downstream, in: lifetime)
          }
        },
        in: firstLifetime
      )
    })
  }

  /// Ignores the values, and when the signal completes, continues with `next`.
  ///
  /// `next` is subscribed only after completion.
  ///
  /// ```swift
  /// save.then(Signal.just("saved"))
  /// ```
  ///
  /// - Parameter next: The signal to continue with.
  /// - Returns: A signal of the values of `next`.
  @inlinable
  public func then<NewValue>(_ next: Signal<NewValue, Failure>) -> Signal<NewValue, Failure> {
    then { next }
  }
}
