#ifndef CASYNCSIGNALS_ISOLATION_H
#define CASYNCSIGNALS_ISOLATION_H

#include <stdbool.h>
#include <stdint.h>

/// Remembers `key`, a key that Swift set on the main dispatch queue (`DispatchQueue.setSpecific`).
void asyncsignals_set_main_queue_key(const void *key);

/// Whether the caller runs on the main dispatch queue, which runs the main actor's jobs: libdispatch's public
/// `dispatch_get_specific` with the key set on the main queue. Swift's `DispatchQueue.getSpecific(key:)` asks the
/// same, through a generic box it retains and releases per call; on the per-event path of a main-actor subscriber
/// that made the check cost half again as much (`main actor/AsyncSignals main-actor subscriber`).
bool asyncsignals_is_main_queue(void);

/// On ELF platforms the thread mark uses the initial-exec model: the library is linked into the program (or loaded
/// with it), and each access is then one instruction rather than a call to `__tls_get_addr`.
#if defined(__ELF__)
#define ASYNCSIGNALS_TLS_MODEL __attribute__((tls_model("initial-exec")))
#else
#define ASYNCSIGNALS_TLS_MODEL
#endif

/// The identity of the actor the library knows the calling thread runs on, or 0. A C11 thread-local: Swift has
/// no thread-local storage of its own, and POSIX's `pthread_getspecific`/`pthread_setspecific` cost several times
/// as much. `ActorMark` in AsyncSignals says who sets it. Read and written only through the inline functions
/// below, which Swift inlines into `ActorContext.isCurrent()`. With a call per read, and the key of the main queue
/// checked lazily per read, `main actor/AsyncSignals main-actor subscriber` cost 318 instructions per value; 295
/// without either (callgrind, 2026-11-27).
extern _Thread_local uintptr_t asyncsignals_thread_mark ASYNCSIGNALS_TLS_MODEL;

/// The calling thread's mark.
static inline uintptr_t asyncsignals_thread_mark_get(void) {
  return asyncsignals_thread_mark;
}

/// Sets the calling thread's mark.
static inline void asyncsignals_thread_mark_set(uintptr_t mark) {
  asyncsignals_thread_mark = mark;
}

/// The `for await` buffer whose consumer is subscribing on the calling thread, or 0: while it is set, what the
/// signal sends synchronously on this thread goes to the buffer's prelude without a lock (`ForAwaitStorage`).
extern _Thread_local uintptr_t asyncsignals_prelude_owner ASYNCSIGNALS_TLS_MODEL;

/// The calling thread's subscribing buffer.
static inline uintptr_t asyncsignals_prelude_owner_get(void) {
  return asyncsignals_prelude_owner;
}

/// Sets the calling thread's subscribing buffer.
static inline void asyncsignals_prelude_owner_set(uintptr_t owner) {
  asyncsignals_prelude_owner = owner;
}

#endif
