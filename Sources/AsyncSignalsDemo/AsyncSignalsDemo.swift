import DemoSections

/// `swift run AsyncSignalsDemo [section…]`: walks through AsyncSignals with printed output.
@main
struct AsyncSignalsDemo {
  static func main() async {
    let status = await Demo.run(arguments: Array(CommandLine.arguments.dropFirst()), output: .standardOutput)
    if status != 0 { exit(code: status) }
  }
}
