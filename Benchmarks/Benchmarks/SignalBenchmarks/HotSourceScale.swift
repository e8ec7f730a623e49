import AsyncSignals
import Benchmark
import Foundation
import OpenCombine

/// Scenario 7 (issue 36): one hot source with 1,000, 10,000 and 100,000 live subscribers, each `map { $0 + 1 }`
/// into a callback, the way a server fans one feed out to its clients. Four rows per library and size, each
/// over 1,000 operations on a subject that holds the live subscribers throughout:
/// - `subscribe`: 1,000 more subscribers join (they leave again outside the measurement);
/// - `dispose`: 1,000 subscribers leave, from all over a list of `size` + 1,000, leaving `size`;
/// - `send`: one value to everyone, 1,000 times (per send: divide by the subscribers for the cost of each);
/// - `live bytes`: what the `size` subscribers hold while live, with the array that keeps their subscriptions.
func registerHotSourceScale() {
  for size in hotSourceSizes {
    registerHotSource(named: "AsyncSignals", size: size) { AsyncSignalsHotSource() }
    registerHotSource(named: "OpenCombine", size: size) { OpenCombineHotSource() }
  }
}

/// The sizes, all by default; `ASYNCSIGNALS_HOT_SOURCE_SIZES=1000,10000` runs fewer (a build where 100,000
/// subscribers take minutes to set up).
let hotSourceSizes: [Int] = {
  guard let sizes = ProcessInfo.processInfo.environment["ASYNCSIGNALS_HOT_SOURCE_SIZES"] else {
    return [1_000, 10_000, 100_000]
  }
  return sizes.split(separator: ",").compactMap { Int($0) }
}()

/// A subject of one library, with its live subscriptions.
protocol HotSource: AnyObject {
  /// Subscribes one `map { $0 + 1 }` subscriber; returns its index for ``unsubscribe(_:)``.
  func subscribe() -> Int
  /// Ends the subscription of `index`.
  func unsubscribe(_ index: Int)
  /// Sends one value to every subscriber.
  func send(_ value: Int)
}

final class AsyncSignalsHotSource: HotSource {
  let subject = AsyncSignals.PassthroughSubject<Int, Never>()
  var subscriptions: [(any AsyncSignals.Disposable)?] = []

  func subscribe() -> Int {
    subscriptions.append(subject.signal.map { $0 + 1 }.subscribe(isolation: nil, value: { blackHole($0) }))
    return subscriptions.count - 1
  }

  func unsubscribe(_ index: Int) {
    subscriptions[index]?.dispose()
    subscriptions[index] = nil
  }

  func send(_ value: Int) {
    subject.send(value)
  }
}

final class OpenCombineHotSource: HotSource {
  let subject = OpenCombine.PassthroughSubject<Int, Never>()
  var subscriptions: [AnyCancellable?] = []

  func subscribe() -> Int {
    subscriptions.append(subject.map { $0 + 1 }.sink { blackHole($0) })
    return subscriptions.count - 1
  }

  func unsubscribe(_ index: Int) {
    subscriptions[index]?.cancel()
    subscriptions[index] = nil
  }

  func send(_ value: Int) {
    subject.send(value)
  }
}

/// Registers the rows of one library at one size.
///
/// Each iteration makes a source with `size` live subscribers
/// outside the measurement, measures 1,000 operations, and ends the subscriptions outside it again.
func registerHotSource(named library: String, size: Int, make: @escaping @Sendable () -> any HotSource) {
  let operations = 1_000
  // A few iterations in CI's smoke run (enough for malloc counts), as the default configuration there.
  let iterations = ProcessInfo.processInfo.environment["ASYNCSIGNALS_BENCHMARK_QUICK"] != nil ? 2 : 10
  let configuration = Benchmark.Configuration(
    metrics: [.wallClock, .mallocCountTotal],
    scalingFactor: .kilo,
    maxDuration: .seconds(2),
    maxIterations: iterations
  )
  let label = "hot source/\(library) \(size) subscribers"

  /// Makes a source with `size` live subscribers, and `extra` more.
  let prepare: @Sendable (_ extra: Int) -> (source: any HotSource, live: [Int]) = { extra in
    let source = make()
    return (source, (0..<size + extra).map { _ in source.subscribe() })
  }

  Benchmark("\(label), subscribe", configuration: configuration) { benchmark in
    let (source, live) = prepare(0)
    var added: [Int] = []
    added.reserveCapacity(operations)
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations { added.append(source.subscribe()) }
    benchmark.stopMeasurement()
    for index in added + live { source.unsubscribe(index) }
  }

  Benchmark("\(label), dispose", configuration: configuration) { benchmark in
    // 1,000 more than `size`, and every ((size + 1,000) / 1,000)th of them leaves: spread over the whole list,
    // with `size` left when the measurement ends.
    let (source, live) = prepare(operations)
    let leaving = stride(from: 0, to: live.count, by: live.count / operations).prefix(operations).map { live[$0] }
    var next = leaving.makeIterator()
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      if let index = next.next() { source.unsubscribe(index) }
    }
    benchmark.stopMeasurement()
    for index in live { source.unsubscribe(index) }
  }

  Benchmark("\(label), send to all", configuration: configuration) { benchmark in
    let (source, live) = prepare(0)
    benchmark.startMeasurement()
    for value in benchmark.scaledIterations { source.send(value) }
    benchmark.stopMeasurement()
    for index in live { source.unsubscribe(index) }
  }

  // The bytes allocated and not freed while the subscribers join: what they hold while live (divide by `size`).
  Benchmark(
    "\(label), live bytes",
    configuration: .init(
      metrics: [.memoryLeakedBytes, .mallocCountTotal],
      maxDuration: .seconds(2),
      maxIterations: min(iterations, 3)
    )
  ) { benchmark in
    benchmark.startMeasurement()
    let (source, live) = prepare(0)
    benchmark.stopMeasurement()
    for index in live { source.unsubscribe(index) }
  }
}
