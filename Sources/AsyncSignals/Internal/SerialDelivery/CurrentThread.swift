#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A number that identifies the calling thread while it runs, never 0.
///
/// ``SerialDelivery`` compares it with the thread that runs a synchronous body to let that thread deliver
/// without atomics. Two threads alive at once never share it (it is the thread's `pthread_t`); a number may be
/// reused after its thread exits, which is harmless there because a body's thread cannot exit while the body
/// runs.
///
/// ```swift
/// let owner = currentThreadID()
/// precondition(owner == currentThreadID())
/// ```
@inlinable
package func currentThreadID() -> UInt {
  #if canImport(Glibc)
  UInt(pthread_self())  // an integer type on glibc
  #else
  UInt(bitPattern: pthread_self())  // a pointer on Darwin and musl
  #endif
}
