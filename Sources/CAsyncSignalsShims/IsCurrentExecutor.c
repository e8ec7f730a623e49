#include "CAsyncSignalsShims.h"

// The Swift runtime's own check, the one `Actor.assumeIsolated` and `Task.immediate` use. Swift offers no public
// form that answers false instead of trapping, so AsyncSignals calls it from here. A `SerialExecutorRef` is two
// words, which the Swift calling convention passes as two scalar arguments.
//
// The variant with flags exists from Swift 6.2's runtime on; flags 0 asks it never to crash. Older runtimes (Apple
// platforms before their 2025 releases) only have the variant without flags, which answers the same for default
// actors and the main actor; hence the weak reference.
#if defined(__APPLE__)
#define ASYNCSIGNALS_WEAK __attribute__((weak_import))
#else
#define ASYNCSIGNALS_WEAK __attribute__((weak))
#endif

__attribute__((swiftcall)) extern bool swift_task_isCurrentExecutorWithFlags(
    const void *identity, uintptr_t implementation, uint64_t flags) ASYNCSIGNALS_WEAK;
__attribute__((swiftcall)) extern bool swift_task_isCurrentExecutor(const void *identity, uintptr_t implementation);

bool asyncsignals_is_current_executor(const void *identity, uintptr_t implementation) {
  if (swift_task_isCurrentExecutorWithFlags) {
    return swift_task_isCurrentExecutorWithFlags(identity, implementation, 0);
  }
  return swift_task_isCurrentExecutor(identity, implementation);
}
