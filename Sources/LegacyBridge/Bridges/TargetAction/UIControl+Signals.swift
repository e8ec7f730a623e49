#if canImport(UIKit) && !os(watchOS)
import AsyncSignals
import UIKit

extension UIControl {
  /// Signal bridges for this control, such as ``SignalBridge/events(_:)``.
  ///
  /// ```swift
  /// let taps = button.signals.events(.touchUpInside)
  /// ```
  public var signals: SignalBridge<UIControl> {
    SignalBridge(self)
  }
}

extension SignalBridge where Base: UIControl {
  /// A signal of the control for each of `events`, on the main thread.
  ///
  /// Each subscription adds a target for `events` and removes it when disposed. It never completes on its own.
  /// Subscribe on the main thread.
  ///
  /// ```swift
  /// let taps = button.signals.events(.touchUpInside).subscribe(value: { _ in submit() })
  /// ```
  ///
  /// - Parameter events: The control events to observe.
  /// - Returns: A signal of the control, once per event.
  @MainActor
  public func events(_ events: UIControl.Event) -> Signal<Base, Never> {
    let control = base
    return Signal { observer, lifetime in
      MainActor.assumeIsolated {
        let target = ControlTarget { observer.send(control) }
        control.addTarget(target, action: #selector(ControlTarget.invoke), for: events)
        lifetime.onDispose {
          DispatchQueue.main.async {
            MainActor.assumeIsolated {
              control.removeTarget(target, action: #selector(ControlTarget.invoke), for: events)
            }
          }
        }
      }
    }
  }
}
#endif
