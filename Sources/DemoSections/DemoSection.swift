/// One runnable section of the demo: a name to select it, a title, the file it is written in, and the code it runs.
package struct DemoSection: Sendable {
  /// The name given on the command line to run only this section.
  package let name: String
  /// The header printed above the section's output.
  package let title: String
  /// The section's source file, relative to the repository root (`Sources/DemoSections/CoreSections.swift`).
  package let sourcePath: String
  /// The section's code; it prints through the output it is given.
  package let run: @Sendable (DemoOutput) async throws -> Void

  /// Creates a section; `file` is where it is written, the default being the file that creates it.
  package init(
    name: String,
    title: String,
    file: String = #fileID,
    run: @escaping @Sendable (DemoOutput) async throws -> Void
  ) {
    self.name = name
    self.title = title
    // `#fileID` is `Module/File.swift`, and each module's sources are in `Sources/<Module>`.
    self.sourcePath = "Sources/\(file)"
    self.run = run
  }
}
