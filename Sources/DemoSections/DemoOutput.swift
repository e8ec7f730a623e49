import AsyncSignals

/// Where the demo prints: standard output for `swift run`, or a recording that a test reads back.
///
/// Sections print from several threads (URLSession callbacks, scheduler timers); every line is recorded whole, in
/// the order the `print(_:)` calls took the lock.
package final class DemoOutput: Sendable {
  private let echoesToStandardOutput: Bool
  private let recorded = Locked<[String]>([])

  /// Creates an output that records every line and, if `echoesToStandardOutput`, also prints it.
  package init(echoesToStandardOutput: Bool) {
    self.echoesToStandardOutput = echoesToStandardOutput
  }

  /// The output of `swift run AsyncSignalsDemo`.
  package static var standardOutput: DemoOutput { DemoOutput(echoesToStandardOutput: true) }

  /// An output that only records, for tests.
  package static var recording: DemoOutput { DemoOutput(echoesToStandardOutput: false) }

  /// The lines printed so far.
  package var lines: [String] {
    recorded.withLock { $0 }
  }

  /// Prints one line.
  package func print(_ line: String) {
    recorded.withLock { $0.append(line) }
    if echoesToStandardOutput { Swift.print(line) }
  }

  /// Prints a section header, after a blank line.
  package func header(_ title: String) {
    print("")
    print("== \(title) ==")
  }
}
