/// The namespace that holds signal bridges for a Foundation or platform type, reached through `.signals`.
///
/// Bridges live behind this namespace so they never clash with the type's own members or with another
/// library's extensions (ReactiveSwift's `.reactive`, OpenCombine's `.ocombine`). Extend
/// `SignalBridge where Base: YourType` to add your own bridges; reach the wrapped instance through ``base``.
///
/// ```swift
/// let saves = NotificationCenter.default.signals.notifications(named: .documentSaved)
/// let page = URLSession.shared.signals.data(for: URLRequest(url: pageURL))
/// ```
public struct SignalBridge<Base> {
  /// The instance the bridges act on.
  ///
  /// ```swift
  /// extension SignalBridge where Base: Thermometer {
  ///   var readings: Signal<Double, Never> { base.readingsSignal() }
  /// }
  /// ```
  public let base: Base

  /// Wraps `base`; types expose this through a `signals` property rather than callers creating it.
  ///
  /// ```swift
  /// extension Thermometer { var signals: SignalBridge<Thermometer> { SignalBridge(self) } }
  /// ```
  ///
  /// - Parameter base: The instance the bridges act on.
  public init(_ base: Base) {
    self.base = base
  }
}

extension SignalBridge: Sendable where Base: Sendable {}
