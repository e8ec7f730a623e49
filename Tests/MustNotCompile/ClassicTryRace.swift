// RAC's +try: block runs on the subscribing thread, whichever it is: it is @Sendable.
// expect: capture of 'cache' with non-Sendable type 'Cache' in a '@Sendable' closure
import AsyncSignals
import LegacyBridge

final class Cache { var hits = 0 }

nonisolated func race() -> Signal<Int, Never> {
  let cache = Cache()
  return Signal<Int, Never>.try {
    cache.hits += 1
    return cache.hits
  }
}
