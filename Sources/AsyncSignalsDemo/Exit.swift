#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Ends the process with `code`.
func exit(code: Int32) -> Never {
  exit(code)
}
