import AsyncSignals

/// A control-like object that sends actions to its targets, with its actions also available as a signal.
///
/// It is the platform-neutral form of target-action (ReactiveCocoa's `rac_signalForControlEvents:` and
/// `rac_command`): targets are Swift closures rather than `@objc` selectors, so it works on Linux. The owner
/// calls ``sendAction(_:)`` (a button tap, a menu choice); every target registered with
/// ``addTarget(isolation:_:)-(Actor,_)`` and every subscriber of ``actions`` receives it synchronously on the sending thread,
/// in registration order. ``actions`` is hot: it never completes on its own.
///
/// ```swift
/// final class ToggleButton {
///   let control = ActionControl<Bool>()
///   private(set) var isOn = false
///   func tap() { isOn.toggle(); control.sendAction(isOn) }
/// }
///
/// let button = ToggleButton()
/// let subscription = button.control.actions.subscribe(value: { print("on:", $0) })
/// button.tap()  // on: true
/// ```
public final class ActionControl<Action: Sendable>: Sendable {
  private let observers = ObserverList<Action>()

  /// Creates a control with no targets.
  ///
  /// ```swift
  /// let refresh = ActionControl<Void>()
  /// ```
  public init() {}

  /// The actions sent from now on; each subscription is one target, removed when it is disposed.
  ///
  /// ```swift
  /// let taps = control.actions.map { _ in 1 }.scan(0, +)
  /// ```
  public var actions: Signal<Action, Never> {
    observers.signal
  }

  /// Registers `target`, called with every action until the returned disposable is disposed.
  ///
  /// ```swift
  /// let registration = control.addTarget { print("action", $0) }
  /// registration.dispose()  // removes the target
  /// ```
  ///
  /// The target runs on the caller's actor (a `@MainActor` view controller): at once for an action sent there,
  /// after an ordered hop otherwise. Code on no actor uses ``addTarget(isolation:_:)-(NoActor,_)``.
  ///
  /// - Parameters:
  ///   - isolation: The actor the target runs on; leave the default, the caller's.
  ///   - target: Called with each action.
  /// - Returns: A disposable that removes the target.
  @discardableResult
  public func addTarget(
    isolation: isolated (any Actor) = #isolation,
    _ target: @escaping (Action) -> Void
  ) -> any Disposable {
    actions.subscribe(isolation: isolation, value: target)
  }

  /// Registers `target`, from code on no actor: it runs on the sending thread.
  ///
  /// ```swift
  /// let registration = control.addTarget(isolation: nil) { print("action", $0) }
  /// ```
  ///
  /// - Parameters:
  ///   - isolation: `nil`: the target belongs to no actor.
  ///   - target: Called with each action.
  /// - Returns: A disposable that removes the target.
  @discardableResult
  public func addTarget(
    isolation: NoActor,
    _ target: @escaping @Sendable (Action) -> Void
  ) -> any Disposable {
    actions.subscribe(isolation: nil, value: target)
  }

  /// Whether any target or subscriber is registered.
  ///
  /// ```swift
  /// #expect(!control.hasTargets)
  /// ```
  public var hasTargets: Bool {
    !observers.isEmpty
  }

  /// Sends `action` to every target and subscriber, synchronously on the calling thread.
  ///
  /// ```swift
  /// control.sendAction(.primaryActionTriggered)
  /// ```
  ///
  /// - Parameter action: The action to send.
  public func sendAction(_ action: Action) {
    observers.send(action)
  }
}

extension ActionControl where Action == Void {
  /// Sends an argument-less action to every target and subscriber.
  ///
  /// ```swift
  /// refresh.sendAction()
  /// ```
  public func sendAction() {
    observers.send(())
  }
}
