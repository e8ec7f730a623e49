import AsyncScenarios
import AsyncSignals
import Benchmark

/// Scenario 6: the sync pipeline and the fan-out at three sizes; the cost per event must stay flat.
func registerScaling() {
  for count in [10_000, 100_000, 1_000_000] {
    Benchmark("scaling/sync pipeline \(count) events") { benchmark in
      let source = Signal<Int, Never> { observer, _ in
        for value in 0..<count { observer.send(value) }
        observer.complete()
      }
      let pipeline = source.map(mapStage).filter(filterStage).scan(0, scanStage)
      for _ in benchmark.scaledIterations {
        pipeline.subscribe(isolation: nil, value: { blackHole($0) })
      }
    }
  }

  for subscribers in [1, 10, 100] {
    Benchmark("scaling/fan-out \(subscribers) subscribers, 10,000 sends") { benchmark in
      for _ in benchmark.scaledIterations {
        let subject = AsyncSignals.PassthroughSubject<Int, Never>()
        let subscriptions = (0..<subscribers).map { _ in
          subject.signal.subscribe(isolation: nil, value: { blackHole($0) })
        }
        for value in 0..<10_000 { subject.send(value) }
        subject.complete()
        for subscription in subscriptions { subscription.dispose() }
      }
    }
  }
}
