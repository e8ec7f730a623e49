import AsyncSignals
import Observation

// swift-format-ignore: AlwaysUseLowerCamelCase
/// Classic name for ``AsyncSignals/Signal/observing(_:_:on:)``: `RACObserve(TARGET, KEYPATH)`.
///
/// The current value first, then the value after each change, read on `scheduler`; completes when `target` is
/// released, which is held weakly.
///
/// ```swift
/// RACObserve(profile, \.name, on: MainScheduler.shared).subscribeNext { print("name:", $0) }
/// ```
///
/// - Parameters:
///   - target: The `@Observable` object, held weakly.
///   - keyPath: The property to observe.
///   - scheduler: Where the reads after each change run; see ``AsyncSignals/Signal/observing(_:_:on:)``.
/// - Returns: A signal of the property's values.
public func RACObserve<Target: AnyObject & Observable & Sendable, Value: Sendable>(
  _ target: Target,
  _ keyPath: KeyPath<Target, Value> & Sendable,
  on scheduler: any Scheduler
) -> Signal<Value, Never> {
  Signal.observing(target, keyPath, on: scheduler)
}
