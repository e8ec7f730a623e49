import AsyncSignals

/// One delegate method of a ``DelegateProxy``, as a hot signal of its arguments.
///
/// A proxy declares one `DelegateMethod` per delegate method it bridges, with the arguments as a tuple or a struct, and
/// calls ``send(_:)`` from its conformance. Subscribers see the calls made while they are subscribed, synchronously on
/// the calling thread and in call order; the signal never completes or fails on its own, so end it with
/// ``/AsyncSignals/Signal/take(until:)-(Signal<Trigger,Never>)``, ``/AsyncSignals/Signal/take(_:)`` or by disposing.
///
/// ```swift
/// final class ListDelegateProxy: DelegateProxy<any ListDelegate>, ListDelegate {
///   let selections = DelegateMethod<(list: ListView, row: Int)>()
///
///   func list(_ list: ListView, didSelectRow row: Int) {
///     selections.send((list, row))
///     forward { $0.list(list, didSelectRow: row) }
///   }
/// }
/// ```
public final class DelegateMethod<Arguments: Sendable>: Sendable {
  private let observers = ObserverList<Arguments>()

  /// Creates a method with no subscribers.
  ///
  /// ```swift
  /// let didSelect = DelegateMethod<Int>()
  /// ```
  public init() {}

  /// The calls of this method from now on, as their arguments.
  ///
  /// ```swift
  /// proxy.selections.signal.subscribe(value: { print("row", $0.row) })
  /// ```
  public var signal: Signal<Arguments, Never> {
    observers.signal
  }

  /// Whether any subscriber observes this method, for a proxy that wants to skip building costly arguments.
  ///
  /// ```swift
  /// if proxy.selections.isObserved { proxy.selections.send(expensiveArguments()) }
  /// ```
  public var isObserved: Bool {
    !observers.isEmpty
  }

  /// Sends one call's arguments to every subscriber, synchronously on the calling thread.
  ///
  /// ```swift
  /// selections.send((list, row))
  /// ```
  ///
  /// - Parameter arguments: The call's arguments.
  public func send(_ arguments: Arguments) {
    observers.send(arguments)
  }
}

extension DelegateMethod where Arguments == Void {
  /// Sends one call of an argument-less method to every subscriber.
  ///
  /// ```swift
  /// didFinish.send()
  /// ```
  public func send() {
    observers.send(())
  }
}
