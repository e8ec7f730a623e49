internal import CAsyncSignalsIsolation
import Synchronization

/// The prelude: what a signal sends synchronously while a `for await` loop subscribes, on the loop's own thread.
///
/// A synchronous body sends everything from inside `subscribe`, before the loop takes its first batch, so each
/// event went through the overflow's lock. During the subscription the consumer's thread is marked with the
/// buffer (a C11 thread-local, `CAsyncSignalsIsolation`), and an event sent on a thread with that mark is the
/// consumer's own: it is appended to `prelude`, which becomes the start of the first batch, with no lock. Only an
/// `.unbounded` loop has a prelude (the limits of the other policies are the overflow's).
///
/// ```
///  consumer thread: mark ─ subscribe { body sends ─▶ prelude (no lock) } ─ unmark, close (CAS) ─▶ first batch
///  another thread, meanwhile: first event moves the prelude to the overflow (locked), then the overflow as usual
/// ```
///
/// Order holds: an event from another thread during the subscription closes the prelude and moves it ahead of
/// itself in the overflow; later events of the consumer's thread go to the overflow too.
extension ForAwaitStorageCore {
  /// Runs `subscribe`, the consumer's subscription to the signal, with the prelude open on this thread.
  ///
  /// Closed with a compare-and-swap that races with the first event of another thread: whoever clears
  /// `preludeOpen` owns the prelude (the consumer takes it as its first batch, the other thread moves it to the
  /// overflow), so the consumer's close takes no lock.
  @inlinable
  func subscribing(_ subscribe: () -> Void) {
    guard capacity > 0, oldestLimit == nil else { return subscribe() }
    willAccess(.store("subscribe: open the prelude"))
    preludeOpen.store(true, ordering: .releasing)
    let previous = ForAwaitPrelude.open(ObjectIdentifier(self))
    subscribe()
    ForAwaitPrelude.close(previous)
    _hooks?.preludeWillClose()
    preludeKept = closePrelude("subscribe: close the prelude")
  }

  /// Whether the caller is the consumer's thread, subscribing: its events may go to the prelude.
  @inlinable
  func isSubscribingHere() -> Bool {
    ForAwaitPrelude.isOpen(for: ObjectIdentifier(self))
  }
}

/// The thread's mark for the prelude: which buffer's consumer subscribes on it (`CAsyncSignalsIsolation`).
@usableFromInline
enum ForAwaitPrelude {
  /// Marks the thread with `buffer`; returns the previous mark, for ``close(_:)``.
  @usableFromInline
  static func open(_ buffer: ObjectIdentifier) -> UInt {
    let previous = UInt(asyncsignals_prelude_owner_get())
    asyncsignals_prelude_owner_set(UInt(bitPattern: buffer))
    return previous
  }

  /// Puts back the previous mark.
  @usableFromInline
  static func close(_ previous: UInt) {
    asyncsignals_prelude_owner_set(previous)
  }

  /// Whether the thread is marked with `buffer`.
  @usableFromInline
  static func isOpen(for buffer: ObjectIdentifier) -> Bool {
    asyncsignals_prelude_owner_get() == UInt(bitPattern: buffer)
  }
}
