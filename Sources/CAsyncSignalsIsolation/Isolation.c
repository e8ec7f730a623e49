#include "CAsyncSignalsIsolation.h"

#include <stdatomic.h>
#include <stddef.h>

// libdispatch's public API (dispatch/queue.h), declared here because a C target of a Swift package does not get
// the toolchain's dispatch headers on every platform.
extern void *dispatch_get_specific(const void *key);

static _Atomic(const void *) main_queue_key = NULL;

void asyncsignals_set_main_queue_key(const void *key) {
  atomic_store_explicit(&main_queue_key, key, memory_order_release);
}

bool asyncsignals_is_main_queue(void) {
  const void *key = atomic_load_explicit(&main_queue_key, memory_order_acquire);
  return key != NULL && dispatch_get_specific(key) != NULL;
}

_Thread_local uintptr_t asyncsignals_thread_mark ASYNCSIGNALS_TLS_MODEL = 0;

_Thread_local uintptr_t asyncsignals_prelude_owner ASYNCSIGNALS_TLS_MODEL = 0;
