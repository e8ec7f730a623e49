#ifndef CASYNCSIGNALS_ISOLATION_H
#define CASYNCSIGNALS_ISOLATION_H

#include <stdbool.h>
#include <stdint.h>

/// Whether the caller runs on the main dispatch queue, which runs the main actor's jobs: the label of the queue
/// being drained (libdispatch's public `dispatch_queue_get_label(DISPATCH_CURRENT_QUEUE_LABEL)`) is the main
/// queue's own label string, compared by address. libdispatch copies the label of every queue it creates (on
/// Linux always; on Apple platforms unless it is immutable, so there the main thread is required too: the main
/// queue runs only there), so no other queue has that address. Unlike `dispatch_get_specific`, which takes a lock
/// on the queue's list of keys, it reads two fields: with `dispatch_get_specific`,
/// `main actor/AsyncSignals main-actor subscriber` spent 16% of its samples in it.
bool asyncsignals_is_main_queue(void);

/// The identity of the actor the library knows the calling thread runs on, or 0. A C11 thread-local: Swift has
/// no thread-local storage of its own, and POSIX's `pthread_getspecific`/`pthread_setspecific` cost several times
/// as much. `ActorMark` in AsyncSignals says who sets it.
uintptr_t asyncsignals_thread_mark_get(void);

/// Sets the calling thread's mark.
void asyncsignals_thread_mark_set(uintptr_t mark);

#endif
