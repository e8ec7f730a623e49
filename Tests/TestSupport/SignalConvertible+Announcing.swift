import AsyncSignals
import AsyncSignalsTesting

extension SignalConvertible {
  /// The source's signal, opening `gate` once a subscription has registered with the source.
  package func announcingSubscription(_ gate: Gate) -> Signal<Value, Failure> {
    let signal = signal
    return Signal.unserialized({ observer, lifetime in
      signal.start(observer, in: lifetime)
      gate.open()
    })
  }
}
