#include "CAsyncSignalsIsolation.h"

#include <stddef.h>

#if defined(__APPLE__)
#include <pthread.h>
#endif

// libdispatch's public API (dispatch/queue.h), declared here because a C target of a Swift package does not get
// the toolchain's dispatch headers on every platform. `_dispatch_main_q` is the object the header's inline
// `dispatch_get_main_queue()` returns; `NULL` is `DISPATCH_CURRENT_QUEUE_LABEL`.
struct dispatch_queue_s;
extern struct dispatch_queue_s _dispatch_main_q;
extern const char *dispatch_queue_get_label(struct dispatch_queue_s *queue);

bool asyncsignals_is_main_queue(void) {
  // The main queue's label is a string constant of libdispatch's: reading it again each time costs one load.
  const char *current = dispatch_queue_get_label(NULL);
  if (current != dispatch_queue_get_label(&_dispatch_main_q)) {
    return false;
  }
#if defined(__APPLE__)
  return pthread_main_np() != 0;
#else
  return true;
#endif
}

// Initial-exec: the library is linked into the program (or loaded with it), and the general model's
// `__tls_get_addr` call took 3% of `main actor/AsyncSignals main-actor subscriber`.
static _Thread_local uintptr_t thread_mark __attribute__((tls_model("initial-exec"))) = 0;

uintptr_t asyncsignals_thread_mark_get(void) {
  return thread_mark;
}

void asyncsignals_thread_mark_set(uintptr_t mark) {
  thread_mark = mark;
}
