#ifndef CASYNCSIGNALS_SHIMS_H
#define CASYNCSIGNALS_SHIMS_H

#include <stdbool.h>
#include <stdint.h>

/// Whether the current task (if the caller runs in one) has been cancelled: `Task.isCancelled` without a retain
/// and a release of the task.
bool asyncsignals_current_task_is_cancelled(void);

#endif
