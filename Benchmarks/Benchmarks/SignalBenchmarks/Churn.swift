import AsyncSignals
import Benchmark
import OpenCombine

/// Scenario 4 with callbacks: subscribe to and dispose a one-value cold signal 100,000 times (the `for await`
/// variants are in `AsyncScenarios`).
func registerChurn() {
  let count = 100_000

  Benchmark("churn/AsyncSignals") { benchmark in
    let signal = Signal<Int, Never>.just(1)
    for _ in benchmark.scaledIterations {
      for _ in 0..<count {
        signal.subscribe(isolation: nil, value: { blackHole($0) }).dispose()
      }
    }
  }

  Benchmark("churn/OpenCombine Just") { benchmark in
    for _ in benchmark.scaledIterations {
      for _ in 0..<count {
        OpenCombine.Just(1).sink { blackHole($0) }.cancel()
      }
    }
  }
}
