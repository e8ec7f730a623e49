import AsyncAlgorithms
import AsyncSignals
import Benchmark

/// Scenario 2: the pipeline consumed with `for await`.
func registerAsyncPipeline() {
  let count = pipelineCount / 10

  Benchmark("async pipeline/AsyncSignals sync body, source only") { benchmark in
    let source = Signal<Int, Never> { observer, _ in
      for value in 0..<count { observer.send(value) }
      observer.complete()
    }
    for _ in benchmark.scaledIterations {
      for await value in source { blackHole(value) }
    }
  }

  Benchmark("async pipeline/AsyncSignals async body, source only") { benchmark in
    let source = Signal<Int, Never> { observer in
      for value in 0..<count { await observer.send(value) }
    }
    for _ in benchmark.scaledIterations {
      for await value in source { blackHole(value) }
    }
  }

  Benchmark("async pipeline/AsyncSignals sync body") { benchmark in
    let source = Signal<Int, Never> { observer, _ in
      for value in 0..<count { observer.send(value) }
      observer.complete()
    }
    let pipeline = source.map(mapStage).filter(filterStage).scan(0, scanStage)
    for _ in benchmark.scaledIterations {
      for await value in pipeline { blackHole(value) }
    }
  }

  Benchmark("async pipeline/AsyncSignals async body") { benchmark in
    let source = Signal<Int, Never> { observer in
      for value in 0..<count { await observer.send(value) }
    }
    let pipeline = source.map(mapStage).filter(filterStage).scan(0, scanStage)
    for _ in benchmark.scaledIterations {
      for await value in pipeline { blackHole(value) }
    }
  }

  Benchmark("async pipeline/AsyncStream") { benchmark in
    for _ in benchmark.scaledIterations {
      let (stream, continuation) = AsyncStream<Int>.makeStream()
      let producer = Task {
        for value in 0..<count { continuation.yield(value) }
        continuation.finish()
      }
      var sum = 0
      for await value in stream.map(mapStage).filter(filterStage) {
        sum = scanStage(sum, value)
        blackHole(sum)
      }
      await producer.value
    }
  }

  Benchmark("async pipeline/async sequence map.filter") { benchmark in
    for _ in benchmark.scaledIterations {
      var sum = 0
      for await value in (0..<count).async.map(mapStage).filter(filterStage) {
        sum = scanStage(sum, value)
        blackHole(sum)
      }
    }
  }

  Benchmark("async pipeline/AsyncChannel") { benchmark in
    for _ in benchmark.scaledIterations {
      let channel = AsyncChannel<Int>()
      let producer = Task {
        for value in 0..<count { await channel.send(value) }
        channel.finish()
      }
      var sum = 0
      for await value in channel.map(mapStage).filter(filterStage) {
        sum = scanStage(sum, value)
        blackHole(sum)
      }
      await producer.value
    }
  }
}
