import AsyncSignals
import AsyncSignalsTesting
import TestSupport

/// One stage of a timed chain: an operator of the untimed model, or a time operator on the `TestScheduler`.
///
/// Times are in microseconds. Script events happen at multiples of 10 ms, the first time operator's interval is
/// 10·k + 3.7 ms, the second's 10·k + 1.3 ms and the disposal at 10·k + 0.9 ms, so no timer falls on the same
/// instant as another event (the order at a tie would be the scheduler's, not the operator's).
enum TimedStage: Sendable, Equatable {
  case untimed(ModelOperator)
  case delay(microseconds: Int)
  case debounce(microseconds: Int)
  /// `collect(every:)`, each array sent as the sum of its values.
  case collectEvery(microseconds: Int)
  case throttle(microseconds: Int, latest: Bool)
  /// `timeout(after:raising:scheduler:)`: one deadline from subscription, failing with code 99.
  case timeoutAfter(microseconds: Int)
  /// `timeout(idle:raising:scheduler:)`: a deadline restarted by every value, failing with code 99.
  case timeoutIdle(microseconds: Int)
  /// `sample(on:)` a hot trigger whose events happen at the given times (microseconds); `nil` values complete it.
  case sample(triggers: [Int?])

  var isTimed: Bool {
    if case .untimed = self { false } else { true }
  }

  func apply(to signal: Signal<Int, ModelError>, on scheduler: TestScheduler) -> Signal<Int, ModelError> {
    switch self {
    case .untimed(let op): op.apply(to: signal)
    case .delay(let interval): signal.delay(for: .microseconds(interval), scheduler: scheduler)
    case .debounce(let interval): signal.debounce(for: .microseconds(interval), scheduler: scheduler)
    case .collectEvery(let interval):
      signal.collect(every: .microseconds(interval), scheduler: scheduler).map { $0.reduce(0, &+) }
    case .throttle(let interval, let latest):
      signal.throttle(for: .microseconds(interval), scheduler: scheduler, latest: latest)
    case .timeoutAfter(let interval):
      signal.timeout(after: .microseconds(interval), raising: ModelError(code: 99), scheduler: scheduler)
    case .timeoutIdle(let interval):
      signal.timeout(idle: .microseconds(interval), raising: ModelError(code: 99), scheduler: scheduler)
    case .sample(let triggers):
      signal.sample(on: scheduler.makeHotSignal(Self.triggerScript(triggers)).signal)
    }
  }

  /// The trigger of `sample`: a value at each time of `triggers`, completion where the entry is `nil`.
  static func triggerScript(_ triggers: [Int?]) -> [Recorded<Void, Never>] {
    var time = 0
    return triggers.map { entry in
      time = entry ?? time + 1_000
      return Recorded(time: .microseconds(time), event: entry == nil ? .completed : .value(()))
    }
  }

  var swift: String {
    switch self {
    case .untimed(let op): op.swift
    case .delay(let interval): ".delay(for: .microseconds(\(interval)), scheduler: scheduler)"
    case .debounce(let interval): ".debounce(for: .microseconds(\(interval)), scheduler: scheduler)"
    case .collectEvery(let interval):
      ".collect(every: .microseconds(\(interval)), scheduler: scheduler).map { $0.reduce(0, &+) }"
    case .throttle(let interval, let latest):
      ".throttle(for: .microseconds(\(interval)), scheduler: scheduler, latest: \(latest))"
    case .timeoutAfter(let interval):
      ".timeout(after: .microseconds(\(interval)), raising: ModelError(code: 99), scheduler: scheduler)"
    case .timeoutIdle(let interval):
      ".timeout(idle: .microseconds(\(interval)), raising: ModelError(code: 99), scheduler: scheduler)"
    case .sample(let triggers):
      ".sample(on: scheduler.makeHotSignal(TimedStage.triggerScript(\(triggers))).signal)"
    }
  }

  /// The stage's events over its upstream's, each at its virtual time (`TimedEvent.step`, in microseconds).
  func reference(_ upstream: [TimedEvent]) -> [TimedEvent] {
    let events = ReferenceModel.ended(upstream)
    switch self {
    case .untimed(let op):
      return ReferenceModel.apply(op, to: { events })
    case .delay(let interval):
      var result: [TimedEvent] = []
      for timed in events {
        if case .failed = timed.event {
          // A failure goes out at once and drops what is still waiting.
          return result.filter { $0.step < timed.step } + [timed]
        }
        result.append(TimedEvent(step: timed.step + interval, event: timed.event))
      }
      return result
    case .debounce(let interval):
      var result: [TimedEvent] = []
      var pending: TimedEvent?
      for timed in events {
        if let waiting = pending, waiting.step < timed.step {
          result.append(waiting)
          pending = nil
        }
        switch timed.event {
        case .value:
          pending = TimedEvent(step: timed.step + interval, event: timed.event)
        case .completed:
          if let waiting = pending { result.append(TimedEvent(step: timed.step, event: waiting.event)) }
          return result + [timed]
        case .failed:
          return result + [timed]
        }
      }
      return result + (pending.map { [$0] } ?? [])
    case .collectEvery(let interval):
      var result: [TimedEvent] = []
      var window: (end: Int, sum: Int)?
      for timed in events {
        if let open = window, open.end < timed.step {
          result.append(TimedEvent(step: open.end, event: .value(open.sum)))
          window = nil
        }
        switch timed.event {
        case .value(let value):
          window = window.map { ($0.end, $0.sum &+ value) } ?? (timed.step + interval, value)
        case .completed:
          if let open = window { result.append(TimedEvent(step: timed.step, event: .value(open.sum))) }
          return result + [timed]
        case .failed:
          return result + [timed]
        }
      }
      return result + (window.map { [TimedEvent(step: $0.end, event: .value($0.sum))] } ?? [])
    case .throttle(let interval, let latest):
      return Self.throttle(events, interval: interval, latest: latest)
    case .timeoutAfter(let interval):
      guard let late = events.firstIndex(where: { $0.step > interval }) else {
        return events.last?.event.isTerminal == true
          ? events : events + [TimedEvent(step: interval, event: .failed(99))]
      }
      return Array(events[..<late]) + [TimedEvent(step: interval, event: .failed(99))]
    case .timeoutIdle(let interval):
      var deadline = interval
      var result: [TimedEvent] = []
      for timed in events {
        if timed.step > deadline { return result + [TimedEvent(step: deadline, event: .failed(99))] }
        result.append(timed)
        deadline = timed.step + interval
      }
      return result.last?.event.isTerminal == true ? result : result + [TimedEvent(step: deadline, event: .failed(99))]
    case .sample(let triggers):
      return Self.sample(events, triggers: triggers)
    }
  }

  static func throttle(_ events: [TimedEvent], interval: Int, latest: Bool) -> [TimedEvent] {
    var result: [TimedEvent] = []
    var windowEnd: Int?
    var held: Int?
    func closeWindows(before time: Int) {
      while let end = windowEnd, end < time {
        if let value = held {
          result.append(TimedEvent(step: end, event: .value(value)))
          held = nil
          windowEnd = end + interval
        } else {
          windowEnd = nil
        }
      }
    }
    for timed in events {
      closeWindows(before: timed.step)
      switch timed.event {
      case .value(let value):
        if windowEnd == nil {
          result.append(timed)
          windowEnd = timed.step + interval
        } else if latest {
          held = value
        }
      case .completed:
        if let value = held, let end = windowEnd {
          return result + [TimedEvent(step: end, event: .value(value)), TimedEvent(step: end, event: .completed)]
        }
        return result + [timed]
      case .failed:
        return result + [timed]
      }
    }
    closeWindows(before: .max)
    return result
  }

  static func sample(_ events: [TimedEvent], triggers: [Int?]) -> [TimedEvent] {
    var time = 0
    let fired: [TimedEvent] = triggers.map { entry in
      time = entry ?? time + 1_000
      return TimedEvent(step: time, event: entry == nil ? .completed : .value(0))
    }
    var result: [TimedEvent] = []
    var latest: Int?
    var upstream = events[...]
    var trigger = fired[...]
    while let next = [upstream.first, trigger.first].compactMap({ $0 }).min(by: { $0.step < $1.step }) {
      if let first = upstream.first, first == next, first.step <= (trigger.first?.step ?? .max) {
        upstream = upstream.dropFirst()
        guard case .value(let value) = first.event else { return result + [first] }
        latest = value
      } else {
        trigger = trigger.dropFirst()
        guard next.event != .completed else { return result + [next] }
        if let value = latest { result.append(TimedEvent(step: next.step, event: .value(value))) }
      }
    }
    return result
  }
}

/// A timed case: a hot `TestSignal` script, a chain with one or two time operators, and a disposal time.
struct TimedCase: Sendable, CustomStringConvertible {
  var script: [TimedEvent]
  var stages: [TimedStage]
  /// When the subscriber disposes (microseconds; never at the instant of another event).
  var disposedAt: Int

  var expected: [TimedEvent] {
    let all = stages.reduce(script) { events, stage in stage.reference(events) }
    return ReferenceModel.ended(all).filter { $0.step < disposedAt }
  }

  var description: String {
    """
    let source = scheduler.makeHotSignal(\(script.map { "(\($0.step) µs: \($0.event))" }))
    scheduler.start(disposedAt: .microseconds(\(disposedAt))) {
      source.signal
    \(stages.map { "    " + $0.swift }.joined(separator: "\n"))
    }
    """
  }

  /// Runs the case on a `TestScheduler`; returns what the subscriber recorded and whether every subscription
  /// to the source ended.
  func run() -> (events: [TimedEvent], sourceEnded: Bool) {
    let scheduler = TestScheduler()
    let source = scheduler.makeHotSignal(
      script.map { Recorded(time: .microseconds($0.step), event: $0.event.event) }
    )
    let recorder = scheduler.start(disposedAt: .microseconds(disposedAt)) {
      stages.reduce(source.signal) { signal, stage in stage.apply(to: signal, on: scheduler) }
    }
    scheduler.run()
    let events = recorder.events.map { recorded in
      let (seconds, attoseconds) = recorded.time.components
      return TimedEvent(
        step: Int(seconds) * 1_000_000 + Int(attoseconds / 1_000_000_000_000),
        event: .init(recorded.event)
      )
    }
    return (events, source.subscriptions.allSatisfy { $0.disposedAt != nil })
  }
}

extension ModelGenerator {
  static func makeTimedCase(_ random: inout SeededRandom) -> TimedCase {
    var time = 0
    var script: [TimedEvent] = []
    for _ in 0..<Int.random(in: 0...6, using: &random) {
      time += 10_000 * Int.random(in: 1...6, using: &random)
      script.append(TimedEvent(step: time, event: .value(Int.random(in: -3...20, using: &random))))
    }
    time += 10_000 * Int.random(in: 1...6, using: &random)
    switch Int.random(in: 0..<10, using: &random) {
    case 0..<4: script.append(TimedEvent(step: time, event: .completed))
    case 4..<8: script.append(TimedEvent(step: time, event: .failed(Int.random(in: 1...3, using: &random))))
    default: break
    }
    let interval = { (random: inout SeededRandom, timed: Int) in
      10_000 * Int.random(in: 1...5, using: &random) + (timed == 1 ? 3_700 : 1_300)
    }
    var stages: [TimedStage] = []
    var timed = 0
    for _ in 0..<Int.random(in: 1...4, using: &random) {
      if timed < 2, Bool.random(using: &random) {
        timed += 1
        switch Int.random(in: 0..<8, using: &random) {
        case 0: stages.append(.delay(microseconds: interval(&random, timed)))
        case 1: stages.append(.debounce(microseconds: interval(&random, timed)))
        case 2: stages.append(.collectEvery(microseconds: interval(&random, timed)))
        case 3: stages.append(.throttle(microseconds: interval(&random, timed), latest: false))
        case 4: stages.append(.throttle(microseconds: interval(&random, timed), latest: true))
        case 5:
          // Residue 6.1 ms for the first timed stage, 6.15 ms for the second: two deadlines from subscription must
          // not fall at the same instant, where the model defines no order (every other timer is at a multiple of
          // 0.1 ms, so the second is clear of all of them).
          let residue = timed == 1 ? 6_100 : 6_150
          stages.append(.timeoutAfter(microseconds: 10_000 * Int.random(in: 1...20, using: &random) + residue))
        case 6: stages.append(.timeoutIdle(microseconds: interval(&random, timed)))
        default:
          // Trigger times at residue 5.5 ms, clear of every other timer.
          var time = 0
          var triggers: [Int?] = (0..<Int.random(in: 0...5, using: &random)).map { _ in
            time += 10_000 * Int.random(in: 1...8, using: &random)
            return time + 5_500
          }
          if Bool.random(using: &random) { triggers.append(nil) }
          stages.append(.sample(triggers: triggers))
          timed = 2  // no other timer in the same chain
        }
      } else {
        var op = makeOperator(&random)
        while op.resubscribes { op = makeOperator(&random) }
        stages.append(.untimed(op))
      }
    }
    if timed == 0 { stages.append(.delay(microseconds: interval(&random, 1))) }
    let disposedAt = 10_000 * Int.random(in: 1...50, using: &random) + 900
    return TimedCase(script: script, stages: stages, disposedAt: disposedAt)
  }
}
