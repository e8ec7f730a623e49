import AsyncScenarios

/// Times every `for await` scenario on the default executor (one cooperative thread per core), outside the
/// ordo-one harness, which runs async benchmarks on a single cooperative thread.
///
/// Each scenario runs once to warm up, then `--rounds` times (default 7); the table gives the nanoseconds per
/// event of the median, fastest and slowest round, and how many times slower the fastest peer of the same
/// scenario was than each AsyncSignals variant. Build and run it in release, from `Benchmarks/`:
///
/// ```sh
/// swift run -c release AsyncStandalone --rounds 7 --filter 'async pipeline'
/// ```
@main
enum AsyncStandalone {
  static func main() async {
    let options = Options(CommandLine.arguments.dropFirst())
    let scenarios = AsyncScenario.all.filter { options.filter.map($0.name.contains) ?? true }
    var results: [Result] = []
    for scenario in scenarios {
      results.append(await measure(scenario, rounds: options.rounds))
    }
    print("| benchmark | median ns/event | fastest | slowest | fastest peer ÷ this |")
    print("|---|---:|---:|---:|---:|")
    for result in results {
      let speedup = result.isOurs ? fastestPeer(of: result, in: results).map { format($0 / result.median) + "×" } : nil
      print(
        "| \(result.name) | \(format(result.median)) | \(format(result.fastest)) | \(format(result.slowest))"
          + " | \(speedup ?? "") |"
      )
    }
  }
}

/// The timings of one scenario, in nanoseconds per event.
struct Result {
  let name: String
  let median: Double
  let fastest: Double
  let slowest: Double

  /// The part of the name before the slash.
  var scenario: Substring { name.prefix { $0 != "/" } }

  /// Whether the variant is one of ours rather than a peer's.
  var isOurs: Bool { name.contains("/AsyncSignals") }
}

/// Runs `scenario` once to warm up, then `rounds` times, each timed with `ContinuousClock`.
///
/// A nonisolated async function, so the workload runs on the global concurrent executor, off the main actor.
func measure(_ scenario: AsyncScenario, rounds: Int) async -> Result {
  var checksum = await scenario.run()
  var perEvent: [Double] = []
  let clock = ContinuousClock()
  for _ in 0..<rounds {
    var result = 0
    let elapsed = await clock.measure { result = await scenario.run() }
    checksum &+= result
    perEvent.append(nanoseconds(elapsed) / Double(scenario.events))
  }
  perEvent.sort()
  // Printing the checksum keeps every run observable, so none can be optimised away.
  print("\(scenario.name): checksum \(checksum)")
  return Result(
    name: scenario.name,
    median: perEvent[perEvent.count / 2],
    fastest: perEvent[0],
    slowest: perEvent[perEvent.count - 1]
  )
}

/// The median of the fastest peer (a variant that is not ours) in the same scenario as `result`.
func fastestPeer(of result: Result, in results: [Result]) -> Double? {
  results.filter { $0.scenario == result.scenario && !$0.isOurs }.map(\.median).min()
}

/// A duration in nanoseconds.
func nanoseconds(_ duration: Duration) -> Double {
  let (seconds, attoseconds) = duration.components
  return Double(seconds) * 1e9 + Double(attoseconds) / 1e9
}

/// A number with one decimal below 100 and none above.
func format(_ value: Double) -> String {
  let rounded = value < 100 ? (value * 10).rounded() / 10 : value.rounded()
  return value < 100 ? String(rounded) : String(Int(rounded))
}

/// The command-line options: `--rounds N` and `--filter TEXT`.
struct Options {
  var rounds = 7
  var filter: String?

  init(_ arguments: ArraySlice<String>) {
    var arguments = arguments
    while let option = arguments.popFirst() {
      switch option {
      case "--rounds":
        guard let value = arguments.popFirst().flatMap(Int.init), value > 0 else {
          fatalError("--rounds needs a positive number")
        }
        rounds = value
      case "--filter":
        guard let value = arguments.popFirst() else { fatalError("--filter needs a text") }
        filter = value
      default:
        fatalError("unknown option \(option); use --rounds N and --filter TEXT")
      }
    }
  }
}
