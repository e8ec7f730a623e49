// A createSignal block runs once per subscription, on the subscriber's thread: it is @Sendable.
// expect: capture of 'cache' with non-Sendable type 'Cache' in a '@Sendable' closure
import AsyncSignals
import LegacyBridge

final class Cache { var value = 0 }

nonisolated func race() -> Signal<Int, Never> {
  let cache = Cache()
  return Signal<Int, Never>.createSignal { subscriber in
    subscriber.sendNext(cache.value)
    return nil
  }
}
