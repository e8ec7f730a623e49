/// One runnable section of the demo: a name to select it, a title, and the code it runs.
package struct DemoSection: Sendable {
  /// The name given on the command line to run only this section.
  package let name: String
  /// The header printed above the section's output.
  package let title: String
  /// The section's code; it prints through the output it is given.
  package let run: @Sendable (DemoOutput) async throws -> Void

  /// Creates a section.
  package init(name: String, title: String, run: @escaping @Sendable (DemoOutput) async throws -> Void) {
    self.name = name
    self.title = title
    self.run = run
  }
}
