import AsyncSignals
import AsyncSignalsTesting
import TestSupport

/// A controllable upstream: counts subscriptions and disposals, and lets a test send events to its subscribers.
final class Probe<Value: Sendable, Failure: Error>: Sendable {
  /// How many times the signal was subscribed.
  let subscriptions = Counter()
  /// How many subscriptions ended.
  let disposals = Counter()
  /// Opens when the signal is first subscribed.
  let subscribed = Gate()
  private let observers = Locked<[Observer<Value, Failure>]>([])

  init() {}

  /// The upstream signal; it never ends on its own.
  var signal: Signal<Value, Failure> {
    Signal { [self] observer, lifetime in
      observers.withLock { $0.append(observer) }
      lifetime.onDispose { [disposals] in disposals.increment() }
      subscriptions.increment()
      subscribed.open()
    }
  }

  /// Sends `value` to every subscriber so far.
  func send(_ value: Value) {
    for observer in observers.withLock({ $0 }) {
      observer.send(value)
    }
  }

  /// Sends `failure` to every subscriber so far.
  func fail(_ failure: Failure) {
    for observer in observers.withLock({ $0 }) {
      observer.fail(failure)
    }
  }

  /// Completes every subscriber so far.
  func complete() {
    for observer in observers.withLock({ $0 }) {
      observer.complete()
    }
  }
}

/// The failure the operator tests send.
struct Boom: Error, Equatable, Hashable {
  var code = 0
}

/// A cold signal that sends `values`, then `terminal`, at each subscription.
func source(_ values: [Int], then terminal: Event<Int, Boom> = .completed) -> Signal<Int, Boom> {
  Signal { observer, _ in
    for value in values {
      observer.send(value)
    }
    observer.send(event: terminal)
  }
}
