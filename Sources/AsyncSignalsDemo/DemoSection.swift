/// One runnable section of the demo: a name to select it, a title, and the code it runs.
struct DemoSection: Sendable {
  /// The name given on the command line to run only this section.
  let name: String
  /// The header printed above the section's output.
  let title: String
  /// The section's code.
  let run: @Sendable () async -> Void
}

/// Prints a section header.
func printHeader(_ title: String) {
  print("\n== \(title) ==")
}
