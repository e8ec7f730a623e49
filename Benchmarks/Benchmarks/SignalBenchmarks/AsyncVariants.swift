import AsyncScenarios
import Benchmark

/// Registers the `for await` variants of a scenario, shared with the standalone program `AsyncStandalone`.
///
/// How often a consumer suspends, and so how many continuations and batches it allocates, depends on how
/// producer and consumer interleave; the malloc threshold of these variants therefore allows 5% either way.
func registerAsyncVariants(_ scenarios: [AsyncScenario]) {
  for scenario in scenarios {
    var configuration = Benchmark.defaultConfiguration
    configuration.thresholds = [.mallocCountTotal: .init(relative: [.p90: 5])]
    Benchmark(scenario.name, configuration: configuration) { benchmark in
      for _ in benchmark.scaledIterations {
        blackHole(await scenario.run())
      }
    }
  }
}
