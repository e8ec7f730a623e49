import AsyncAlgorithms
import AsyncSignals
import Benchmark
import OpenCombine

/// Scenario 5: 10,000 inner signals of one value each, flattened by each strategy.
func registerFlatMap() {
  let count = 10_000

  for strategy in [FlattenStrategy.merge, .concat, .latest] {
    Benchmark("flatMap/AsyncSignals \(strategy)") { benchmark in
      let outer = Signal<Int, Never> { observer, _ in
        for value in 0..<count { observer.send(value) }
        observer.complete()
      }
      let flattened = outer.flatMap(strategy) { Signal.just($0) }
      for _ in benchmark.scaledIterations {
        flattened.subscribe(isolation: nil, value: { blackHole($0) })
      }
    }
  }

  Benchmark("flatMap/OpenCombine flatMap") { benchmark in
    for _ in benchmark.scaledIterations {
      let subscription = OpenCombine.Publishers.Sequence<Range<Int>, Never>(sequence: 0..<count)
        .flatMap { OpenCombine.Just($0) }
        .sink { blackHole($0) }
      subscription.cancel()
    }
  }

  Benchmark("flatMap/OpenCombine switchToLatest") { benchmark in
    for _ in benchmark.scaledIterations {
      let subscription = OpenCombine.Publishers.Sequence<Range<Int>, Never>(sequence: 0..<count)
        .map { OpenCombine.Just($0) }
        .switchToLatest()
        .sink { blackHole($0) }
      subscription.cancel()
    }
  }

  Benchmark("flatMap/AsyncAlgorithms flatMapLatest") { benchmark in
    for _ in benchmark.scaledIterations {
      for await value in (0..<count / 10).async.flatMapLatest({ [$0].async }) {
        blackHole(value)
      }
    }
  }
}
