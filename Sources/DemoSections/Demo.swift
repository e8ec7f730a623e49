/// Runs the demo's sections as `swift run AsyncSignalsDemo [--help | section…]` asks.
package enum Demo {
  /// Every section, in the order the full demo runs them.
  package static let sections =
    CoreSections.all + HotSections.all + CallbackSections.all + AppSections.all + SearchSections.all
    + TestingSections.all

  /// Runs the sections named in `arguments` (all of them when there is none) and returns the exit status.
  ///
  /// Each section prints its title, then the file its code is in, then its output.
  ///
  /// `--help` or `-h` prints the usage and the sections; an unknown name prints it too and returns 2; a section
  /// that throws prints the error, the demo goes on with the next section, and the status is 1.
  ///
  /// - Parameters:
  ///   - arguments: The command-line arguments, without the program name.
  ///   - output: Where to print.
  /// - Returns: The process exit status.
  package static func run(arguments: [String], output: DemoOutput) async -> Int32 {
    if arguments.contains("--help") || arguments.contains("-h") {
      printUsage(output)
      return 0
    }
    let unknown = arguments.filter { name in !sections.contains { $0.name == name } }
    guard unknown.isEmpty else {
      output.print("unknown section: \(unknown.joined(separator: ", "))")
      output.print("")
      printUsage(output)
      return 2
    }
    let selected = arguments.isEmpty ? sections : sections.filter { arguments.contains($0.name) }
    var status: Int32 = 0
    for section in selected {
      output.header(section.title)
      output.print("  (code: \(section.sourcePath))")
      do {
        try await section.run(output)
      } catch {
        output.print("  section \(section.name) failed: \(error)")
        status = 1
      }
    }
    return status
  }

  static func printUsage(_ output: DemoOutput) {
    output.print("usage: swift run AsyncSignalsDemo [section…]")
    output.print("")
    output.print("sections:")
    for section in sections {
      output.print("  \(section.name.padding(to: 18))\(section.title)")
    }
  }
}

extension String {
  fileprivate func padding(to width: Int) -> String {
    count >= width ? self + " " : self + String(repeating: " ", count: width - count)
  }
}
