import AsyncAlgorithms
import AsyncSignals

extension AsyncScenario {
  /// Scenario 3, consumed with `for await`: one subject, 10 consumer Tasks, 10,000 sends.
  public static var fanOut: [AsyncScenario] {
    let consumers = 10
    let sends = 10_000
    return [
      AsyncScenario("fan-out/AsyncSignals for await", events: sends) {
        // A current-value subject sends -1 to each new consumer, which tells the producer it is subscribed.
        let subject = CurrentValueSubject<Int, Never>(-1)
        let (ready, readiness) = AsyncStream<Void>.makeStream()
        return await withTaskGroup(of: Int.self) { group in
          for _ in 0..<consumers {
            group.addTask {
              var total = 0
              for await value in subject.signal {
                if value == -1 { readiness.yield() } else { total &+= value }
              }
              return total
            }
          }
          var readyCount = 0
          for await _ in ready {
            readyCount += 1
            if readyCount == consumers { break }
          }
          for value in 0..<sends { await subject.sendWhenReady(value) }
          subject.complete()
          return await group.reduce(0, &+)
        }
      },
      AsyncScenario("fan-out/AsyncStream per consumer", events: sends) {
        let streams = (0..<consumers).map { _ in AsyncStream<Int>.makeStream() }
        return await withTaskGroup(of: Int.self) { group in
          for (stream, _) in streams {
            group.addTask { await sum(stream) }
          }
          for value in 0..<sends {
            for (_, continuation) in streams { continuation.yield(value) }
          }
          for (_, continuation) in streams { continuation.finish() }
          return await group.reduce(0, &+)
        }
      },
      AsyncScenario("fan-out/AsyncAlgorithms share", events: sends) {
        let (stream, continuation) = AsyncStream<Int>.makeStream(bufferingPolicy: .unbounded)
        let shared = stream.share()
        return await withTaskGroup(of: Int.self) { group in
          for _ in 0..<consumers {
            group.addTask { await sum(shared) }
          }
          for value in 0..<sends { continuation.yield(value) }
          continuation.finish()
          return await group.reduce(0, &+)
        }
      },
    ]
  }
}
