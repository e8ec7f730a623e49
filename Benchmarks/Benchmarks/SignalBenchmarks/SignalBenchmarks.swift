import AsyncScenarios
import Benchmark
import Foundation

/// Registers every scenario.
///
/// Each scenario runs all of its variants in the same run, named `<scenario>/<variant>`, so that ratios are
/// taken between numbers measured side by side. With `ASYNCSIGNALS_BENCHMARK_QUICK` set (as `smoke-run` does
/// for CI), each benchmark runs only a few iterations: enough for malloc counts, too few for timings.
let benchmarks: @Sendable () -> Void = {
  let isQuick = ProcessInfo.processInfo.environment["ASYNCSIGNALS_BENCHMARK_QUICK"] != nil
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .throughput, .mallocCountTotal],
    warmupIterations: 1,
    maxDuration: isQuick ? .milliseconds(300) : .seconds(2),
    maxIterations: isQuick ? 5 : 30
  )
  registerSyncPipeline()
  registerAsyncVariants(AsyncScenario.asyncPipeline)
  registerFanOut()
  registerAsyncVariants(AsyncScenario.fanOut)
  registerChurn()
  registerAsyncVariants(AsyncScenario.churn)
  registerFlatMap()
  registerScaling()
  registerHotSourceScale()
  registerMainActorDelivery()
}
