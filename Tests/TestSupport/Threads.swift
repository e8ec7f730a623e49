import Dispatch

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Runs each body on its own new thread, all released at once, and returns when all have finished.
///
/// Real threads rather than `DispatchQueue.concurrentPerform`, whose width is the number of cores (2 on CI):
/// with it, "8 threads" would be 2 at a time, and a body that waits for another could starve it. Every thread
/// is created before any body starts, so the bodies really overlap.
package func runOnThreads(_ bodies: [@Sendable () -> Void]) {
  let start = DispatchSemaphore(value: 0)
  let finished = bodies.map { body in
    startThread {
      start.wait()
      body()
    }
  }
  for _ in bodies { start.signal() }
  for done in finished { done.wait() }
}

/// Runs `body(0)`, …, `body(count - 1)`, each on its own new thread; see ``runOnThreads(_:)``.
///
/// - Parameters:
///   - count: The number of threads.
///   - body: The work of one thread, given its index.
package func runOnThreads(count: Int, _ body: @escaping @Sendable (Int) -> Void) {
  runOnThreads((0..<count).map { index in { body(index) } })
}

/// Starts `body` on a new thread of its own (not a dispatch queue's, whose threads a blocked test could exhaust)
/// and returns a semaphore that is signalled when `body` returns.
///
/// ```swift
/// let done = startThread { subject.send(1) }
/// done.wait()
/// ```
package func startThread(_ body: @escaping @Sendable () -> Void) -> DispatchSemaphore {
  let done = DispatchSemaphore(value: 0)
  final class Starter: Sendable {
    let body: @Sendable () -> Void
    init(_ body: @escaping @Sendable () -> Void) { self.body = body }
  }
  let starter = Starter {
    body()
    done.signal()
  }
  let context = Unmanaged.passRetained(starter).toOpaque()
  #if canImport(Darwin)
  var thread: pthread_t?
  #else
  var thread = pthread_t()
  #endif
  let result = pthread_create(
    &thread,
    nil,
    { context in
      Unmanaged<Starter>.fromOpaque(context!).takeRetainedValue().body()
      return nil
    },
    context
  )
  precondition(result == 0, "startThread: pthread_create failed with \(result)")
  #if canImport(Darwin)
  pthread_detach(thread!)
  #else
  pthread_detach(thread)
  #endif
  return done
}

/// Runs `body` on a thread of its own and suspends until it returns, with its result.
///
/// For a test that blocks while it waits for deliveries: a drain that has delivered its budget of other threads'
/// events hands the rest to a Task on the global executor (Docs/Contracts.md rule 6), and a test that blocked one
/// of its threads could keep that Task from running when the other tests block the rest.
///
/// ```swift
/// let values = await onOwnThread {
///   runOnThreads(senders)
///   completed.wait()
///   return recording.values
/// }
/// ```
package func onOwnThread<Result: Sendable>(_ body: @escaping @Sendable () -> Result) async -> Result {
  await withCheckedContinuation { continuation in
    _ = startThread { continuation.resume(returning: body()) }
  }
}
