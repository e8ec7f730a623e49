import AsyncSignals
import Benchmark
import OpenCombine

/// Scenario 3 with callbacks: one subject, 10 subscribers, 100,000 sends (the `for await` variants are in
/// `AsyncScenarios`).
func registerFanOut() {
  let subscribers = 10
  let sends = 100_000

  Benchmark("fan-out/closure-floor") { benchmark in
    let floor = ClosureFloor()
    for _ in benchmark.scaledIterations {
      // Wrapped in a struct, so that the array stores the closures without a reabstraction thunk, and called
      // through the buffer, so that iterating does not retain and release each closure.
      let subscribers = (0..<subscribers).map { _ in FloorCallback(call: floor.transform) }
      subscribers.withUnsafeBufferPointer { subscribers in
        for value in 0..<sends {
          for index in subscribers.indices { blackHole(subscribers[index].call(value)) }
        }
      }
    }
  }

  Benchmark("fan-out/AsyncSignals callbacks") { benchmark in
    for _ in benchmark.scaledIterations {
      let subject = AsyncSignals.PassthroughSubject<Int, Never>()
      let subscriptions = (0..<subscribers).map { _ in
        subject.signal.subscribe(isolation: nil, value: { blackHole($0) })
      }
      for value in 0..<sends { subject.send(value) }
      subject.complete()
      for subscription in subscriptions { subscription.dispose() }
    }
  }

  Benchmark("fan-out/OpenCombine callbacks") { benchmark in
    for _ in benchmark.scaledIterations {
      let subject = OpenCombine.PassthroughSubject<Int, Never>()
      let subscriptions = (0..<subscribers).map { _ in subject.sink { blackHole($0) } }
      for value in 0..<sends { subject.send(value) }
      subject.send(completion: .finished)
      for subscription in subscriptions { subscription.cancel() }
    }
  }
}
