#if canImport(AppKit) && !targetEnvironment(macCatalyst)
import AppKit
import AsyncSignals

extension NSControl {
  /// Signal bridges for this control, such as ``SignalBridge/actions``.
  ///
  /// ```swift
  /// let clicks = button.signals.actions
  /// ```
  public var signals: SignalBridge<NSControl> {
    SignalBridge(self)
  }
}

extension SignalBridge where Base: NSControl {
  /// A signal of the control each time it sends its action, on the main thread.
  ///
  /// An `NSControl` has one target: the subscription becomes it, and restores the previous target and action
  /// when disposed. It never completes on its own. Subscribe on the main thread.
  ///
  /// ```swift
  /// let clicks = button.signals.actions.subscribe(value: { _ in save() })
  /// ```
  @MainActor
  public var actions: Signal<Base, Never> {
    let control = base
    return Signal { observer, lifetime in
      MainActor.assumeIsolated {
        let target = ControlTarget { observer.send(control) }
        let previous = (target: control.target, action: control.action)
        control.target = target
        control.action = #selector(ControlTarget.invoke)
        let restore = PreviousTarget(target: previous.target, action: previous.action)
        lifetime.onDispose {
          DispatchQueue.main.async {
            MainActor.assumeIsolated {
              withExtendedLifetime(target) {
                guard control.target === target else { return }  // someone else replaced it since
                control.target = restore.target
                control.action = restore.action
              }
            }
          }
        }
      }
    }
  }
}

/// The control's target and action before a subscription replaced them.
// Safety: created on the main actor inside `assumeIsolated` and read only on the main queue, in
// `MainActor.assumeIsolated`; it is never mutated.
private struct PreviousTarget: @unchecked Sendable {
  weak var target: AnyObject?
  let action: Selector?
}
#endif
