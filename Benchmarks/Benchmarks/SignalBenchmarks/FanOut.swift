import AsyncAlgorithms
import AsyncSignals
import Benchmark
import OpenCombine

/// Scenario 3: one subject, 10 subscribers, many sends.
func registerFanOut() {
  let subscribers = 10
  let sends = 100_000

  Benchmark("fan-out/AsyncSignals callbacks") { benchmark in
    for _ in benchmark.scaledIterations {
      let subject = AsyncSignals.PassthroughSubject<Int, Never>()
      let subscriptions = (0..<subscribers).map { _ in subject.signal.subscribe(value: { blackHole($0) }) }
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

  let awaitedSends = sends / 10

  Benchmark("fan-out/AsyncSignals for await") { benchmark in
    for _ in benchmark.scaledIterations {
      // A current-value subject sends -1 to each new consumer, which tells the producer it is subscribed.
      let subject = CurrentValueSubject<Int, Never>(-1)
      let (ready, readiness) = AsyncStream<Void>.makeStream()
      await withTaskGroup(of: Void.self) { group in
        for _ in 0..<subscribers {
          group.addTask {
            for await value in subject.signal {
              if value == -1 { readiness.yield() } else { blackHole(value) }
            }
          }
        }
        var readyCount = 0
        for await _ in ready {
          readyCount += 1
          if readyCount == subscribers { break }
        }
        for value in 0..<awaitedSends { await subject.sendWhenReady(value) }
        subject.complete()
      }
    }
  }

  Benchmark("fan-out/AsyncStream per consumer") { benchmark in
    for _ in benchmark.scaledIterations {
      let streams = (0..<subscribers).map { _ in AsyncStream<Int>.makeStream() }
      await withTaskGroup(of: Void.self) { group in
        for (stream, _) in streams {
          group.addTask {
            for await value in stream { blackHole(value) }
          }
        }
        for value in 0..<awaitedSends {
          for (_, continuation) in streams { continuation.yield(value) }
        }
        for (_, continuation) in streams { continuation.finish() }
      }
    }
  }

  Benchmark("fan-out/AsyncAlgorithms share") { benchmark in
    for _ in benchmark.scaledIterations {
      let (stream, continuation) = AsyncStream<Int>.makeStream(bufferingPolicy: .unbounded)
      let shared = stream.share()
      await withTaskGroup(of: Void.self) { group in
        for _ in 0..<subscribers {
          group.addTask {
            for await value in shared { blackHole(value) }
          }
        }
        for value in 0..<awaitedSends { continuation.yield(value) }
        continuation.finish()
      }
    }
  }
}
