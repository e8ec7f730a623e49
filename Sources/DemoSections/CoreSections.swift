import AsyncSignals
import Synchronization

/// The sections that show the core: cold signals, both consumption styles, disposal, interop.
enum CoreSections {
  static let all = [coldSignal, forAwait, disposal, asyncSequence]

  /// Counts how often a body ran.
  final class RunCounter: Sendable {
    private let count = Mutex(0)
    var value: Int { count.withLock { $0 } }
    func next() -> Int {
      count.withLock {
        $0 += 1
        return $0
      }
    }
  }

  /// A signal whose body counts its runs: it runs once per subscription.
  static func makeCountingSignal(runs: RunCounter, out: DemoOutput) -> Signal<String, Never> {
    Signal { observer, lifetime in
      let run = runs.next()
      observer.send("run \(run): hello")
      observer.send("run \(run): world")
      observer.complete()
      lifetime.onDispose { out.print("  (run \(run) cleaned up)") }
    }
  }

  static let coldSignal = DemoSection(
    name: "cold",
    title: "A cold signal runs its body once per subscription"
  ) { out in
    let runs = RunCounter()
    let greetings = makeCountingSignal(runs: runs, out: out)
    out.print("created the signal; body runs so far: \(runs.value)")
    greetings.subscribe(
      isolation: nil,
      value: { out.print("  first subscriber got \($0)") },
      completed: { out.print("  first: completed") }
    )
    greetings.subscribe(
      isolation: nil,
      value: { out.print("  second subscriber got \($0)") },
      completed: { out.print("  second: completed") }
    )
    out.print("body runs after two subscriptions: \(runs.value)")
  }

  static let forAwait = DemoSection(
    name: "for-await",
    title: "The same kind of signal consumed with for await"
  ) { out in
    let runs = RunCounter()
    let greetings = makeCountingSignal(runs: runs, out: out)
    out.print(
      "  (a synchronous body runs to its end into the loop's buffer on the first iteration; the loop drains it)"
    )
    for await greeting in greetings {
      out.print("  for await got \(greeting)")
    }
    out.print("  loop ended at completion")
  }

  static let disposal = DemoSection(
    name: "disposal",
    title: "Disposing a subscription cancels the work its body started"
  ) { out in
    let (events, continuation) = AsyncStream<String>.makeStream()
    let download = Signal<String, Never> { observer, lifetime in
      lifetime.task {
        observer.send("download started")
        continuation.yield("started")
        do {
          try await Task.sleep(for: .seconds(3600))  // a very slow download
          observer.send("download finished")
        } catch {
          continuation.yield("the download's Task was cancelled")
        }
      }
    }
    let subscription = download.subscribe(isolation: nil, value: { out.print("  \($0)") })
    var iterator = events.makeAsyncIterator()
    _ = await iterator.next()
    out.print("  disposing the subscription…")
    subscription.dispose()
    if let message = await iterator.next() { out.print("  \(message)") }
  }

  static let asyncSequence = DemoSection(
    name: "async-sequence",
    title: "Any AsyncSequence becomes a signal"
  ) { out in
    let stream = AsyncStream<Int> { continuation in
      for number in 1...3 { continuation.yield(number) }
      continuation.finish()
    }
    let done = AsyncStream<Void>.makeStream()
    stream.signal.subscribe(
      isolation: nil,
      value: { out.print("  callback got \($0) from an AsyncStream") },
      completed: {
        out.print("  completed")
        done.continuation.finish()
      }
    )
    for await _ in done.stream {}
    let squares = Signal<Int, Never>(operation: { 12 * 12 })
    for await square in squares { out.print("  an async function as a one-value signal: \(square)") }
  }
}
