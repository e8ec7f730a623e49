// RAC's -bind: block runs at each subscription and its binding closure on the delivering thread: both are @Sendable.
// expect: capture of 'pages' with non-Sendable type 'Pages' in a '@Sendable' closure
import AsyncSignals
import LegacyBridge

final class Pages { var count = 0 }

nonisolated func race(_ numbers: Signal<Int, Never>) -> Signal<Int, Never> {
  let pages = Pages()
  return numbers.bind {
    { (value: Int, stop: inout Bool) in
      pages.count += 1
      stop = pages.count == 3
      return .return(value)
    }
  }
}
