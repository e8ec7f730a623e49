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

/// The identity of the actor the library knows the calling thread runs on, or 0. A C11 thread-local: Swift has
/// no thread-local storage of its own, and POSIX's `pthread_getspecific`/`pthread_setspecific` cost several times
/// as much. `ActorMark` in AsyncSignals says who sets it.
uintptr_t asyncsignals_thread_mark_get(void);

/// Sets the calling thread's mark.
void asyncsignals_thread_mark_set(uintptr_t mark);

#endif
