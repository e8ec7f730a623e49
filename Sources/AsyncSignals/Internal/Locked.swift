#if ASYNCSIGNALS_TSAN
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
#else
import Synchronization
#endif

/// The one lock of the library: a value of `State` reachable only inside ``withLock(_:)``.
///
/// It is backed by `Synchronization.Mutex`. Built with `-DASYNCSIGNALS_TSAN` it is backed by a heap-allocated
/// `pthread_mutex_t` instead, because the thread sanitizer cannot see `Mutex` on Linux (a bare futex) and
/// reports races that are not there; see STYLE.md §3.
///
/// There is no `lock()`/`unlock()` pair on purpose: the closure form makes it impossible to return with the lock
/// held. Never call out of the library (an observer, a user closure, a continuation resume, a Task creation
/// or cancellation) inside `withLock`: return what has to be done and do it after unlocking.
///
/// ```swift
/// let counter = Locked(0)
/// let next = counter.withLock { value in value += 1; return value }
/// ```
///
/// - Important: `State` must not be a bare function type or an optional of one: wrap the closure in a struct.
///   Passing a closure `inout` through the generic `withLock` reabstracts it on the way in and back, and in an
///   unoptimised build every call wraps the stored closure in two more thunks (memory grows with each call, and
///   calling the closure at last overflows the stack). ``ActionDisposable`` shows the wrapper.
@usableFromInline
package struct Locked<State>: ~Copyable {
  #if ASYNCSIGNALS_TSAN
  @usableFromInline
  let mutex: UnsafeMutablePointer<pthread_mutex_t>
  @usableFromInline
  let state: UnsafeMutablePointer<State>

  /// Creates a lock guarding `initialState`.
  @usableFromInline
  package init(_ initialState: consuming sending State) {
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    let result = pthread_mutex_init(mutex, nil)
    precondition(result == 0, "Locked: pthread_mutex_init failed with \(result)")
    state = .allocate(capacity: 1)
    state.initialize(to: initialState)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
    state.deinitialize(count: 1)
    state.deallocate()
  }

  /// Runs `body` with exclusive access to the state.
  @inlinable
  package borrowing func withLock<Result, Failure: Error>(
    _ body: (inout sending State) throws(Failure) -> sending Result
  ) throws(Failure) -> sending Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body(&state.pointee)
  }
  #else
  @usableFromInline
  let mutex: Mutex<State>

  /// Creates a lock guarding `initialState`.
  @usableFromInline
  package init(_ initialState: consuming sending State) {
    mutex = Mutex(initialState)
  }

  /// Runs `body` with exclusive access to the state.
  @inlinable
  package borrowing func withLock<Result, Failure: Error>(
    _ body: (inout sending State) throws(Failure) -> sending Result
  ) throws(Failure) -> sending Result {
    try mutex.withLock(body)
  }
  #endif
}

#if ASYNCSIGNALS_TSAN
// Safety: `state` is only read or written inside `withLock`, which holds `mutex`; the pointers themselves are
// immutable and owned by this non-copyable value, so they are freed exactly once, in `deinit`.
extension Locked: @unchecked Sendable {}
#else
extension Locked: Sendable {}
#endif
