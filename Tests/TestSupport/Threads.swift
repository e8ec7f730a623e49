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
  final class Body {
    let run: @Sendable () -> Void
    let start: DispatchSemaphore
    init(_ run: @escaping @Sendable () -> Void, start: DispatchSemaphore) {
      self.run = run
      self.start = start
    }
  }
  let start = DispatchSemaphore(value: 0)
  #if canImport(Darwin)
  var threads: [pthread_t?] = []
  #else
  var threads: [pthread_t] = []
  #endif
  for body in bodies {
    let context = Unmanaged.passRetained(Body(body, start: start)).toOpaque()
    #if canImport(Darwin)
    var thread: pthread_t?
    #else
    var thread = pthread_t()
    #endif
    let result = pthread_create(
      &thread,
      nil,
      { context in
        let body = Unmanaged<Body>.fromOpaque(context!).takeRetainedValue()
        body.start.wait()
        body.run()
        return nil
      },
      context
    )
    precondition(result == 0, "runOnThreads: pthread_create failed with \(result)")
    threads.append(thread)
  }
  for _ in threads { start.signal() }
  for thread in threads {
    #if canImport(Darwin)
    pthread_join(thread!, nil)
    #else
    pthread_join(thread, nil)
    #endif
  }
}

/// Runs `body(0)`, …, `body(count - 1)`, each on its own new thread; see ``runOnThreads(_:)``.
///
/// - Parameters:
///   - count: The number of threads.
///   - body: The work of one thread, given its index.
package func runOnThreads(count: Int, _ body: @escaping @Sendable (Int) -> Void) {
  runOnThreads((0..<count).map { index in { body(index) } })
}
