import AsyncSignals

extension Lifetime {
  /// A signal that completes when this lifetime ends, at once if it has already ended (RAC
  /// `rac_willDeallocSignal` for a ``LifetimeToken``'s lifetime).
  ///
  /// Each subscription leaves one small disposable in this lifetime until it ends; ending the subscription
  /// releases the subscriber.
  ///
  /// ```swift
  /// viewModel.lifetime.ended.subscribeCompleted { print("view model released") }
  /// ```
  public var ended: Signal<Never, Never> {
    Signal { observer, subscription in
      let link = ActionDisposable { observer.complete() }
      subscription.onDispose { link.dispose() }
      self.add(link)
    }
  }
}

extension Signal {
  /// Forwards the values until `lifetime` ends, then completes (ReactiveSwift `take(during:)`).
  ///
  /// ```swift
  /// prices.take(during: viewModel.lifetime).bind(to: viewModel.price)
  /// ```
  ///
  /// - Parameter lifetime: The lifetime that bounds the subscription, such as a ``LifetimeToken``'s.
  /// - Returns: The signal, completing when `lifetime` ends.
  public func take(during lifetime: Lifetime) -> Signal {
    take(until: lifetime.ended)
  }
}
