import AsyncSignals
import AsyncSignalsTesting

/// One operator run on marble inputs, recorded row by row: the inputs as drawn, every subscription of a cold input
/// as a row of its own that starts where it was subscribed, and the result.
///
/// Everything runs on a `TestScheduler` whose frame is one second, so the durations the operators take read as
/// frames: `debounce(for: .seconds(2))` waits two `-`.
final class DiagramRun {
  /// A failure that prints as `error` in a legend.
  struct Failure: Error, Equatable, CustomStringConvertible {
    var description: String { "error" }
  }

  /// A failure, described.
  struct FailureText: Error, Equatable, CustomStringConvertible {
    var description: String
  }

  /// An event, described: what a row draws.
  typealias Described = Recorded<String, FailureText>

  /// What a row is: a hot input, the subscriptions of a cold one, or the result.
  private enum Source {
    case events(label: String, [Described])
    case subscriptions(label: String, SubscriptionLog)
    case result(label: String, () -> [Described])
  }

  /// The virtual time of one frame: one `-` of the text and one cell of the SVG.
  static let frame = Duration.seconds(1)

  let scheduler = TestScheduler(frame: DiagramRun.frame)
  private var sources: [Source] = []

  /// A hot input drawn by `marbles`, which cannot fail.
  func hot(_ label: String, _ marbles: String) -> Signal<String, Never> {
    let source = scheduler.makeHotSignal(marbles)
    sources.append(.events(label: label, source.script.map(Self.describe)))
    return source.signal
  }

  /// A hot input drawn by `marbles`, whose `#` fails.
  func hot(_ label: String, failing marbles: String) -> Signal<String, Failure> {
    let source = scheduler.makeHotSignal(marbles, failure: Failure())
    sources.append(.events(label: label, source.script.map(Self.describe)))
    return source.signal
  }

  /// A cold input drawn by `marbles`, whose `#` fails; each subscription is a row, labelled `label` and, from the
  /// second on, its number.
  func cold(_ label: String, _ marbles: String) -> Signal<String, Failure> {
    let source = scheduler.makeColdSignal(marbles, failure: Failure())
    let log = SubscriptionLog()
    sources.append(.subscriptions(label: label, log))
    let scheduler = scheduler
    return Signal { observer, lifetime in
      let index = log.start(at: scheduler.time)
      lifetime += source.signal.subscribe(
        Observer { event in
          log.record(Self.describe(Recorded(time: scheduler.time, event: event)), in: index)
          observer.send(event: event)
        }
      )
      lifetime.onDispose { log.end(at: scheduler.time, in: index) }
    }
  }

  /// Records `signal` as the result, subscribed at time zero.
  func result<Value, Failure>(_ signal: Signal<Value, Failure>, label: String = "result") {
    let recorder = scheduler.record(signal)
    sources.append(.result(label: label) { recorder.events.map(Self.describe) })
  }

  /// Runs virtual time until nothing is left to do; returns the rows, in the order they were declared.
  func rows() -> [(label: String, events: [Described], start: Duration?, disposedAt: Duration?)] {
    scheduler.run()
    return sources.flatMap {
      source -> [(label: String, events: [Described], start: Duration?, disposedAt: Duration?)] in
      switch source {
      case .events(let label, let events):
        return [(label, events, nil, nil)]
      case .result(let label, let events):
        return [(label, events(), nil, nil)]
      case .subscriptions(let label, let log):
        return log.subscriptions.enumerated().map { index, subscription in
          let name = index == 0 ? label : "\(label) \(index + 1)"
          let ended = subscription.events.last?.event.isTerminal == true
          return (name, subscription.events, subscription.start, ended ? nil : subscription.disposedAt)
        }
      }
    }
  }

  /// The record with its value and failure described.
  private static func describe<Value, Failure>(_ record: Recorded<Value, Failure>) -> Described {
    let event: Event<String, FailureText> =
      switch record.event {
      case .value(let value): .value(String(describing: value))
      case .failed(let failure): .failed(FailureText(description: String(describing: failure)))
      case .completed: .completed
      }
    return Recorded(time: record.time, event: event)
  }
}

/// The subscriptions of a cold input: when each started, what it sent, when it was disposed.
final class SubscriptionLog: Sendable {
  struct Subscription {
    var start: Duration
    var events: [DiagramRun.Described] = []
    var disposedAt: Duration?
  }

  private let state = Locked<[Subscription]>([])

  var subscriptions: [Subscription] {
    state.withLock { $0 }
  }

  func start(at time: Duration) -> Int {
    state.withLock { subscriptions in
      subscriptions.append(Subscription(start: time))
      return subscriptions.count - 1
    }
  }

  func record(_ event: DiagramRun.Described, in index: Int) {
    state.withLock { $0[index].events.append(event) }
  }

  func end(at time: Duration, in index: Int) {
    state.withLock { $0[index].disposedAt = time }
  }
}
