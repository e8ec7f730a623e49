import Synchronization
import TestSupport
import Testing

@testable import AsyncSignals

/// The prelude of a `for await` buffer: what a signal sends on the consumer's own thread while the consumer
/// subscribes goes there without a lock, and order holds when another thread sends meanwhile.
@Suite(.timeLimit(.minutes(1))) struct ForAwaitPreludeTests {
  typealias Storage = ForAwaitStorage<Int, Never>

  /// Everything sent on the consumer's thread during its subscription waits in the prelude and is the first batch.
  @Test func theConsumersOwnSendsAreItsFirstBatch() async {
    let storage = Storage(policy: .unbounded)
    storage.subscribing {
      for value in 1...3 { storage.eventReceived(.value(value)) }
      storage.eventReceived(.completed)
    }
    #expect(storage._preludeCount == 4)
    #expect(await storage.nextBatch(recycling: [], isolation: nil) == [.value(1), .value(2), .value(3), .completed])
  }

  /// An event sent on another thread during the subscription moves the prelude ahead of itself; what the
  /// consumer's thread sends after it follows it.
  @Test func anotherThreadDuringTheSubscriptionKeepsTheOrder() async {
    let storage = Storage(policy: .unbounded)
    storage.subscribing {
      storage.eventReceived(.value(1))
      startThread { storage.eventReceived(.value(2)) }.wait()
      storage.eventReceived(.value(3))
      storage.eventReceived(.completed)
    }
    #expect(storage._preludeCount == 0)
    #expect(await storage.nextBatch(recycling: [], isolation: nil) == [.value(1), .value(2), .value(3), .completed])
  }

  /// Another thread sends after the subscription returned and before the consumer closes the prelude: it wins
  /// the prelude and moves it ahead of its event; the consumer then takes nothing from the prelude.
  @Test func anotherThreadThatWinsTheCloseMovesThePrelude() async {
    let racing = StorageReference()
    let storage = Storage(
      policy: .unbounded,
      _hooks: ForAwaitStorageHooks(preludeWillClose: {
        let storage = racing.storage.withLock { $0 }
        startThread { storage?.eventReceived(.value(2)) }.wait()
      })
    )
    racing.storage.withLock { $0 = storage }
    storage.subscribing {
      storage.eventReceived(.value(1))
    }
    #expect(storage._preludeCount == 0)
    storage.eventReceived(.completed)
    #expect(await storage.nextBatch(recycling: [], isolation: nil) == [.value(1), .value(2), .completed])
  }

  /// The other policies have no prelude: their limits are the overflow's.
  @Test func aBoundedLoopHasNoPrelude() async {
    let storage = Storage(policy: .bufferingOldest(2))
    storage.subscribing {
      for value in 1...3 { storage.eventReceived(.value(value)) }
    }
    #expect(storage._preludeCount == 0)
    #expect(await storage.nextBatch(recycling: [], isolation: nil) == [.value(1), .value(2)])
  }

  /// The buffer a hook acts on, set once it exists.
  final class StorageReference: Sendable {
    let storage = Mutex<Storage?>(nil)
  }
}
