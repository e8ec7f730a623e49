import AsyncScenarios
import AsyncSignals
import Benchmark
import OpenCombine

/// Scenario 1: 1,000,000 Ints through map → filter → scan into a callback sink.
func registerSyncPipeline() {
  let count = pipelineCount

  Benchmark("sync pipeline/closure-floor") { benchmark in
    let floor = ClosureFloor()
    // Loaded once: reading a closure out of the class per event would add a retain and a release each time.
    let (transform, isIncluded, combine) = (floor.transform, floor.isIncluded, floor.combine)
    for _ in benchmark.scaledIterations {
      var sum = 0
      for value in 0..<count {
        let mapped = transform(value)
        guard isIncluded(mapped) else { continue }
        sum = combine(sum, mapped)
        blackHole(sum)
      }
    }
  }

  Benchmark("sync pipeline/AsyncSignals source only") { benchmark in
    let source = Signal<Int, Never> { observer, _ in
      for value in 0..<count { observer.send(value) }
      observer.complete()
    }
    for _ in benchmark.scaledIterations {
      source.subscribe(isolation: nil, value: { blackHole($0) })
    }
  }

  Benchmark("sync pipeline/AsyncSignals") { benchmark in
    let source = Signal<Int, Never> { observer, _ in
      for value in 0..<count { observer.send(value) }
      observer.complete()
    }
    let pipeline = source.map(mapStage).filter(filterStage).scan(0, scanStage)
    for _ in benchmark.scaledIterations {
      pipeline.subscribe(isolation: nil, value: { blackHole($0) })
    }
  }

  Benchmark("sync pipeline/AsyncSignals subject") { benchmark in
    for _ in benchmark.scaledIterations {
      let subject = AsyncSignals.PassthroughSubject<Int, Never>()
      let subscription = subject.signal.map(mapStage).filter(filterStage).scan(0, scanStage)
        .subscribe(isolation: nil, value: { blackHole($0) })
      for value in 0..<count { subject.send(value) }
      subject.complete()
      subscription.dispose()
    }
  }

  Benchmark("sync pipeline/OpenCombine") { benchmark in
    for _ in benchmark.scaledIterations {
      let subscription = OpenCombine.Publishers.Sequence<Range<Int>, Never>(sequence: 0..<count)
        .map(mapStage)
        .filter(filterStage)
        .scan(0, scanStage)
        .sink { blackHole($0) }
      subscription.cancel()
    }
  }

  Benchmark("sync pipeline/OpenCombine subject") { benchmark in
    for _ in benchmark.scaledIterations {
      let subject = OpenCombine.PassthroughSubject<Int, Never>()
      let subscription = subject.map(mapStage).filter(filterStage).scan(0, scanStage).sink { blackHole($0) }
      for value in 0..<count { subject.send(value) }
      subject.send(completion: .finished)
      subscription.cancel()
    }
  }
}
