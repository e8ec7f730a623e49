import AsyncSignals
import Benchmark
import Foundation

/// A main-actor subscriber, as an app's view is: its closures run on the main actor.
///
/// - `main actor/…`: 100,000 values sent on the main actor to one subscriber: the plain (nonisolated) subscription
///   of a subject, and the main-actor subscription, whose closure runs synchronously there.
/// - `to main actor/…`: 100,000 values sent from a background thread to a main-actor consumer: AsyncSignals (values
///   ride the hops in batches), a `Task { @MainActor in }` per value, and an `AsyncStream` consumed in a main-actor
///   loop.
func registerMainActorDelivery() {
  let count = 100_000

  Benchmark("main actor/AsyncSignals nonisolated subscriber") { @MainActor (benchmark: Benchmark) async in
    for _ in benchmark.scaledIterations {
      let subject = PassthroughSubject<Int, Never>()
      let subscription = subject.signal.subscribe(isolation: nil, value: { blackHole($0) })
      for value in 0..<count { subject.send(value) }
      subscription.dispose()
    }
  }

  Benchmark("main actor/AsyncSignals main-actor subscriber") { @MainActor (benchmark: Benchmark) async in
    for _ in benchmark.scaledIterations {
      let subject = PassthroughSubject<Int, Never>()
      let subscription = subject.signal.subscribe(value: { blackHole($0) })
      for value in 0..<count { subject.send(value) }
      subscription.dispose()
    }
  }

  // How many batches ride the hops depends on how the sending thread and the main actor interleave, and each batch
  // allocates: the malloc threshold of this row allows 10% either way (it moved by 0.5% between two quiet runs).
  var interleaved = Benchmark.defaultConfiguration
  interleaved.thresholds = [.mallocCountTotal: .init(relative: [.p90: 10])]
  Benchmark("to main actor/AsyncSignals", configuration: interleaved) { @MainActor (benchmark: Benchmark) async in
    for _ in benchmark.scaledIterations {
      let subject = PassthroughSubject<Int, Never>()
      await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
        let subscription = subject.signal.subscribe(value: { blackHole($0) }, completed: { done.resume() })
        _ = subscription  // ends with the completion
        Thread.detachNewThread {
          for value in 0..<count { subject.send(value) }
          subject.complete()
        }
      }
    }
  }

  Benchmark("to main actor/Task per value") { @MainActor (benchmark: Benchmark) async in
    for _ in benchmark.scaledIterations {
      await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
        Thread.detachNewThread {
          for value in 0..<count {
            Task { @MainActor in
              blackHole(value)
              if value == count - 1 { done.resume() }
            }
          }
        }
      }
    }
  }

  Benchmark("to main actor/AsyncStream") { @MainActor (benchmark: Benchmark) async in
    for _ in benchmark.scaledIterations {
      let (stream, continuation) = AsyncStream<Int>.makeStream()
      Thread.detachNewThread {
        for value in 0..<count { continuation.yield(value) }
        continuation.finish()
      }
      for await value in stream { blackHole(value) }
    }
  }
}
