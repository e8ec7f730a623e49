import AsyncSignals
import TestSupport

/// A signal that sends its attempt number (1, 2, ...), then fails with it as the code, or completes from
/// attempt `succeedingAt` on; it logs each subscription and cleanup.
final class Attempts: Sendable {
  let log = Locked<[String]>([])
  let succeedingAt: Int
  private let count = Counter()

  init(succeedingAt: Int = .max) {
    self.succeedingAt = succeedingAt
  }

  var signal: Signal<Int, Boom> {
    Signal { [self] observer, lifetime in
      let attempt = count.increment()
      log.withLock { $0.append("subscribe \(attempt)") }
      lifetime.onDispose { [self] in log.withLock { $0.append("dispose \(attempt)") } }
      observer.send(attempt)
      if attempt >= succeedingAt {
        observer.complete()
      } else {
        observer.fail(Boom(code: attempt))
      }
    }
  }
}
