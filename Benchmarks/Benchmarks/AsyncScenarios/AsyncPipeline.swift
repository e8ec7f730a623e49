import AsyncAlgorithms
import AsyncSignals

extension AsyncScenario {
  /// Scenario 2: the map → filter → scan pipeline consumed with `for await`.
  public static var asyncPipeline: [AsyncScenario] {
    let count = asyncPipelineCount
    let syncBody = Signal<Int, Never> { observer, _ in
      for value in 0..<count { observer.send(value) }
      observer.complete()
    }
    let asyncBody = Signal<Int, Never> { observer in
      for value in 0..<count { await observer.send(value) }
    }
    return [
      AsyncScenario("async pipeline/AsyncSignals sync body, source only", events: count) {
        await sum(syncBody)
      },
      AsyncScenario("async pipeline/AsyncSignals async body, source only", events: count) {
        await sum(asyncBody)
      },
      AsyncScenario("async pipeline/AsyncSignals sync body", events: count) {
        await sum(syncBody.map(mapStage).filter(filterStage).scan(0, scanStage))
      },
      AsyncScenario("async pipeline/AsyncSignals async body", events: count) {
        await sum(asyncBody.map(mapStage).filter(filterStage).scan(0, scanStage))
      },
      AsyncScenario("async pipeline/AsyncStream", events: count) {
        let (stream, continuation) = AsyncStream<Int>.makeStream()
        async let produced: Void = {
          for value in 0..<count { continuation.yield(value) }
          continuation.finish()
        }()
        let result = await scan(stream.map(mapStage).filter(filterStage))
        await produced
        return result
      },
      AsyncScenario("async pipeline/async sequence map.filter", events: count) {
        await scan((0..<count).async.map(mapStage).filter(filterStage))
      },
      AsyncScenario("async pipeline/AsyncChannel", events: count) {
        let channel = AsyncChannel<Int>()
        async let produced: Void = {
          for value in 0..<count { await channel.send(value) }
          channel.finish()
        }()
        let result = await scan(channel.map(mapStage).filter(filterStage))
        await produced
        return result
      },
    ]
  }
}

/// Sums what a `for await` loop receives (the signal already ran the scan).
func sum<Source: AsyncSequence<Int, Never>>(_ source: Source) async -> Int {
  var total = 0
  for await value in source { total &+= value }
  return total
}

/// Runs the scan stage in the loop over a sequence that has only map and filter, then sums the running totals.
func scan<Source: AsyncSequence<Int, Never>>(_ source: Source) async -> Int {
  var running = 0
  var total = 0
  for await value in source {
    running = scanStage(running, value)
    total &+= running
  }
  return total
}
