#ifndef CASYNCSIGNALS_SHIMS_H
#define CASYNCSIGNALS_SHIMS_H

#include <stdbool.h>
#include <stdint.h>

/// Whether the calling code runs isolated to the serial executor whose two words are `identity` and
/// `implementation` (an `UnownedSerialExecutor`). Never traps, unlike `Actor.assumeIsolated`.
bool asyncsignals_is_current_executor(const void *identity, uintptr_t implementation);

#endif
