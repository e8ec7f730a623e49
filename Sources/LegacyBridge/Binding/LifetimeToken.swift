import AsyncSignals

/// Ends its ``/AsyncSignals/Lifetime`` when it is released: store one in an object to give the object a
/// lifetime that ends when the object is released (ReactiveSwift `Lifetime.Token`).
///
/// ```swift
/// final class ViewModel: Sendable {
///   private let token = LifetimeToken()
///   var lifetime: Lifetime { token.lifetime }
/// }
/// ticks.take(during: viewModel.lifetime).subscribeNext { print($0) }  // completes when viewModel is released
/// ```
///
/// ```
///  object ──owns──▶ LifetimeToken ──owns──▶ Lifetime ──ended──▶ take(during:), bindings
///          (deinit disposes the lifetime)
/// ```
public final class LifetimeToken: Sendable {
  /// The lifetime that ends when this token is released.
  ///
  /// ```swift
  /// viewModel.lifetime.ended.subscribeCompleted { print("released") }
  /// ```
  public let lifetime = Lifetime()

  /// Creates a token whose lifetime has not ended.
  ///
  /// ```swift
  /// private let token = LifetimeToken()
  /// ```
  public init() {}

  deinit {
    lifetime.dispose()
  }
}
