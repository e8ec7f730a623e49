import AsyncSignals
import Observation

extension Channel {
  /// Classic name for ``Channel/leading``: `RACChannel.leadingTerminal`.
  ///
  /// ```swift
  /// channel.leadingTerminal.sendNext(1)
  /// ```
  public var leadingTerminal: ChannelTerminal<Value> {
    leading
  }

  /// Classic name for ``Channel/following``: `RACChannel.followingTerminal`.
  ///
  /// ```swift
  /// channel.followingTerminal.subscribeNext { print($0) }
  /// ```
  public var followingTerminal: ChannelTerminal<Value> {
    following
  }
}

extension ChannelTerminal {
  /// Classic name for ``ChannelTerminal/send(_:)``: `-[RACChannelTerminal sendNext:]`.
  ///
  /// ```swift
  /// channel.leadingTerminal.sendNext(1)
  /// ```
  ///
  /// - Parameter value: The value to send to the other end.
  public func sendNext(_ value: Value) {
    send(value)
  }
}

// swift-format-ignore: AlwaysUseLowerCamelCase
/// Classic name for ``MutableProperty/makeTerminal()``: `RACChannelTo(TARGET, KEYPATH)` for a property.
///
/// ```swift
/// RACChannelTo(viewModel.name).bind(to: RACChannelTo(model.name))
/// ```
///
/// - Parameter property: The property the terminal stands for.
/// - Returns: A new terminal for `property`.
public func RACChannelTo<Value: Sendable>(_ property: MutableProperty<Value>) -> ChannelTerminal<Value> {
  property.makeTerminal()
}

// swift-format-ignore: AlwaysUseLowerCamelCase
/// Classic name for ``ChannelTerminal/observing(_:_:on:)``: `RACChannelTo(TARGET, KEYPATH)` for an
/// `@Observable` object.
///
/// ```swift
/// RACChannelTo(viewModel.title).bind(to: RACChannelTo(document, \.title, on: MainScheduler.shared))
/// ```
///
/// - Parameters:
///   - target: The `@Observable` object, held weakly.
///   - keyPath: The property to observe and write.
///   - scheduler: Where the reads after each change run.
/// - Returns: A terminal for the property.
public func RACChannelTo<Target: AnyObject & Observable & Sendable, Value: Equatable & Sendable>(
  _ target: Target,
  _ keyPath: ReferenceWritableKeyPath<Target, Value> & Sendable,
  on scheduler: any Scheduler
) -> ChannelTerminal<Value> {
  .observing(target, keyPath, on: scheduler)
}

// swift-format-ignore: AlwaysUseLowerCamelCase
/// Classic name for ``ChannelTerminal/observing(isolation:_:_:)``: `RACChannelTo(TARGET, KEYPATH)` for an
/// `@Observable` object that belongs to the caller's actor (a `@MainActor` model).
///
/// ```swift
/// @MainActor func bind(_ form: LoginViewModel) {
///   RACChannelTo(form, \.username).bind(to: RACChannelTo(draft.username)).disposed(by: bag)
/// }
/// ```
///
/// - Parameters:
///   - isolation: The actor the object belongs to; leave the default, the caller's.
///   - target: The `@Observable` object, held weakly.
///   - keyPath: The property to observe and write.
/// - Returns: A terminal for the property.
public func RACChannelTo<Target: AnyObject & Observable, Value: Equatable & Sendable>(
  isolation: isolated (any Actor) = #isolation,
  _ target: Target,
  _ keyPath: ReferenceWritableKeyPath<Target, Value>
) -> ChannelTerminal<Value> {
  .observing(isolation: isolation, target, keyPath)
}
