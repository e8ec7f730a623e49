import Benchmark

/// Registers every scenario.
///
/// Each scenario runs all of its variants in the same run, named `<scenario>/<variant>`, so that ratios are
/// taken between numbers measured side by side.
let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .throughput, .mallocCountTotal],
    warmupIterations: 1,
    maxDuration: .seconds(2),
    maxIterations: 30
  )
  registerSyncPipeline()
  registerAsyncPipeline()
  registerFanOut()
  registerChurn()
  registerFlatMap()
  registerScaling()
}
