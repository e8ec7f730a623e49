#include "CAsyncSignalsShims.h"

#include <stddef.h>

// Two entry points of the Swift concurrency runtime that compiled Swift code calls itself (`withUnsafeCurrentTask`
// and `UnsafeCurrentTask.isCancelled` lower to them); both exist since Swift 5.5. `Task.isCancelled` calls them
// too, but it retains the current task for the duration of the check and releases it after: about half the
// cost of the check that a `for await` loop makes per value.
__attribute__((swiftcall)) extern void *swift_task_getCurrent(void);
__attribute__((swiftcall)) extern bool swift_task_isCancelled(void *task);

bool asyncsignals_current_task_is_cancelled(void) {
  void *task = swift_task_getCurrent();
  return task != NULL && swift_task_isCancelled(task);
}
