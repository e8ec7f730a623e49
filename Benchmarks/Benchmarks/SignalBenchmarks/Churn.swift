import AsyncSignals
import Benchmark
import OpenCombine

/// Scenario 4: subscribe to and dispose a one-value cold signal, many times.
func registerChurn() {
  let count = 100_000

  Benchmark("churn/AsyncSignals") { benchmark in
    let signal = Signal<Int, Never>.just(1)
    for _ in benchmark.scaledIterations {
      for _ in 0..<count {
        signal.subscribe(value: { blackHole($0) }).dispose()
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

  Benchmark("churn/AsyncSignals for await") { benchmark in
    let signal = Signal<Int, Never>.just(1)
    for _ in benchmark.scaledIterations {
      for _ in 0..<count / 10 {
        for await value in signal { blackHole(value) }
      }
    }
  }

  Benchmark("churn/AsyncStream") { benchmark in
    for _ in benchmark.scaledIterations {
      for _ in 0..<count / 10 {
        let stream = AsyncStream<Int> { continuation in
          continuation.yield(1)
          continuation.finish()
        }
        for await value in stream { blackHole(value) }
      }
    }
  }
}
