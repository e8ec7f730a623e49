import AsyncSignals
import Synchronization

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// One call of a concurrent history: which thread made it, what it was, when it started and returned (ticks of
/// one clock all threads share), and what it returned.
package struct HistoryEntry<Operation: Sendable, Result: Equatable & Sendable>: Sendable, CustomStringConvertible {
  package var thread: Int
  package var operation: Operation
  package var invoked: Int
  package var responded: Int
  package var result: Result

  package var description: String {
    "T\(thread) [\(invoked)–\(responded)] \(operation) → \(result)"
  }
}

/// Whether `history` is linearizable with respect to a sequential model.
///
/// That is, whether some order of its calls that respects real time (a call that returned before another started
/// comes first) gives, applied one at a time to `initial` with `apply`, the results each call returned. The search
/// of Wing and Gong (1993), as Lincheck and Knossos run it; fine for the ten-odd calls of a stress history.
///
/// ```swift
/// #expect(isLinearizable(history, initial: Model(), apply: { $0.apply($1) }))
/// ```
package func isLinearizable<Model, Operation, Result>(
  _ history: [HistoryEntry<Operation, Result>],
  initial: Model,
  apply: (inout Model, Operation) -> Result
) -> Bool {
  func search(_ remaining: [HistoryEntry<Operation, Result>], _ model: Model) -> Bool {
    guard !remaining.isEmpty else { return true }
    // A call may go next only if no other remaining call returned before it started.
    let earliestResponse = remaining.map(\.responded).min() ?? .max
    for (index, candidate) in remaining.enumerated() where candidate.invoked < earliestResponse {
      var next = model
      guard apply(&next, candidate.operation) == candidate.result else { continue }
      var rest = remaining
      rest.remove(at: index)
      if search(rest, next) { return true }
    }
    return false
  }
  return search(history, initial)
}

/// Records a concurrent history: each thread calls ``record(thread:_:_:)`` around each call it makes.
///
/// ```swift
/// let recorder = HistoryRecorder<Op, [Int]>()
/// recorder.record(thread: 0, .dispose) { bag.dispose(); return ran() }
/// ```
package final class HistoryRecorder<Operation: Sendable, Result: Equatable & Sendable>: Sendable {
  private let clock = Atomic<Int>(0)
  // `Locked`, not `Mutex`: built for the thread sanitizer, `Locked` is a pthread mutex, which it sees.
  private let entries = Locked<[HistoryEntry<Operation, Result>]>([])

  package init() {}

  /// Calls `call` as `operation` of `thread`, with a tick before and after it, and records what it returned.
  package func record(thread: Int, _ operation: Operation, _ call: () -> Result) {
    let invoked = clock.wrappingAdd(1, ordering: .sequentiallyConsistent).newValue
    let result = call()
    let responded = clock.wrappingAdd(1, ordering: .sequentiallyConsistent).newValue
    let entry = HistoryEntry(
      thread: thread,
      operation: operation,
      invoked: invoked,
      responded: responded,
      result: result
    )
    entries.withLock { $0.append(entry) }
  }

  /// The calls recorded, ordered by when they started.
  package var history: [HistoryEntry<Operation, Result>] {
    entries.withLock { $0 }.sorted { $0.invoked < $1.invoked }
  }
}

/// Which cleanups ran on each thread while it made its current call: a cleanup appends its number to the log of
/// the thread that runs it, and the call's result is what its thread's log holds when it returns.
///
/// ```swift
/// let ran = RanLog()
/// bag.add { ran.note(7) }
/// let during = ran.during { bag.dispose() }  // [7]
/// ```
package final class RanLog: Sendable {
  private let logs = Locked<[UInt: [Int]]>([:])

  package init() {}

  /// Notes that cleanup `number` runs now, on the calling thread.
  package func note(_ number: Int) {
    let thread = Self.currentThread
    logs.withLock { $0[thread, default: []].append(number) }
  }

  /// Runs `call` and returns the cleanups that ran on this thread meanwhile, in order.
  package func during(_ call: () -> Void) -> [Int] {
    let thread = Self.currentThread
    logs.withLock { $0[thread] = [] }
    call()
    return logs.withLock { $0.removeValue(forKey: thread) ?? [] }
  }

  private static var currentThread: UInt {
    #if canImport(Darwin)
    UInt(bitPattern: pthread_self())
    #else
    UInt(pthread_self())
    #endif
  }
}
