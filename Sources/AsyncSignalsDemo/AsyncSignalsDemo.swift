/// `swift run AsyncSignalsDemo [section…]`: walks through AsyncSignals with printed output.
@main
struct AsyncSignalsDemo {
  static let sections = CoreSections.all + HotSections.all

  static func main() async {
    let arguments = Array(CommandLine.arguments.dropFirst())
    if arguments.contains("--help") || arguments.contains("-h") {
      printUsage()
      return
    }
    let unknown = arguments.filter { name in !sections.contains { $0.name == name } }
    guard unknown.isEmpty else {
      print("unknown section: \(unknown.joined(separator: ", "))\n")
      printUsage()
      exit(code: 2)
    }
    let selected = arguments.isEmpty ? sections : sections.filter { arguments.contains($0.name) }
    for section in selected {
      printHeader(section.title)
      await section.run()
    }
  }

  static func printUsage() {
    print("usage: swift run AsyncSignalsDemo [section…]\n\nsections:")
    for section in sections {
      print("  \(section.name.padding(to: 16))\(section.title)")
    }
  }
}

extension String {
  fileprivate func padding(to width: Int) -> String {
    count >= width ? self + " " : self + String(repeating: " ", count: width - count)
  }
}
