/// The reference model: what a chain delivers to one subscriber, computed over plain arrays of events.
///
/// Each operator maps the events of one upstream subscription to its own. Events keep the script step at which
/// they happen, which is what decides the order of a merge. The model covers the sources of `ModelSource`;
/// resubscribing operators are generated for cold sources only, where a new subscription replays the script.
enum ReferenceModel {
  /// The events one subscription to `chain` over `script` receives, undisposed.
  static func events(of chain: [ModelOperator], source: ModelSource, script: [ModelEvent]) -> [TimedEvent] {
    var upstream: () -> [TimedEvent] = {
      switch source {
      case .cold: script.map { TimedEvent(step: 0, event: $0) }
      case .subject: script.enumerated().map { TimedEvent(step: $0.offset + 1, event: $0.element) }
      }
    }
    for op in chain {
      let previous = upstream
      upstream = { apply(op, to: previous) }
    }
    return ended(upstream())
  }

  /// Cuts a list at its first terminal event.
  static func ended(_ events: [TimedEvent]) -> [TimedEvent] {
    guard let end = events.firstIndex(where: \.event.isTerminal) else { return events }
    return Array(events[...end])
  }

  /// The events of `op` over one subscription to its upstream (`upstream()` is called again per resubscription).
  static func apply(_ op: ModelOperator, to upstream: () -> [TimedEvent]) -> [TimedEvent] {
    switch op {
    case .map(let add):
      return mapValues(upstream()) { [.value($0 &+ add)] }
    case .filter(let modulo):
      return mapValues(upstream()) { ($0 % modulo + modulo) % modulo != 0 ? [.value($0)] : [] }
    case .scan:
      var sum = 0
      return mapValues(upstream()) { value in
        sum = sum &+ value
        return [.value(sum)]
      }
    case .take(let count):
      guard count > 0 else { return [TimedEvent(step: 0, event: .completed)] }
      var taken = 0
      return takeValues(upstream()) { _ in
        taken += 1
        return taken == count ? .sendThenComplete : .send
      }
    case .skip(let count):
      var skipped = 0
      return mapValues(upstream()) { value in
        guard skipped < count else { return [.value(value)] }
        skipped += 1
        return []
      }
    case .takeWhile(let limit):
      return takeValues(upstream()) { $0 < limit ? .send : .complete }
    case .skipWhile(let limit):
      var skipping = true
      return mapValues(upstream()) { value in
        if skipping, value < limit { return [] }
        skipping = false
        return [.value(value)]
      }
    case .takeUntil(let limit):
      return takeValues(upstream()) { $0 >= limit ? .sendThenComplete : .send }
    case .distinctUntilChanged:
      var previous: Int?
      return mapValues(upstream()) { value in
        defer { previous = value }
        return value == previous ? [] : [.value(value)]
      }
    case .materializeThenDematerialize, .share:
      return ended(upstream())
    case .materializeEncoded:
      return ended(upstream()).flatMap { timed -> [TimedEvent] in
        let encoded = ModelOperator.encode(timed.event.event)
        let events: [ModelEvent] = timed.event.isTerminal ? [.value(encoded), .completed] : [.value(encoded)]
        return events.map { TimedEvent(step: timed.step, event: $0) }
      }
    case .prepend(let values):
      return values.map { TimedEvent(step: 0, event: .value($0)) } + ended(upstream())
    case .concat(let values):
      return ended(upstream()).flatMap { timed -> [TimedEvent] in
        guard timed.event == .completed else { return [timed] }
        return (values.map { .value($0) } + [.completed]).map { TimedEvent(step: timed.step, event: $0) }
      }
    case .merge(let values):
      return merge(ended(upstream()), with: values)
    case .flatMap:
      // The inners are synchronous, so every strategy delivers each inner whole, at its outer value's step.
      var result: [TimedEvent] = []
      for timed in ended(upstream()) {
        guard case .value(let value) = timed.event else {
          result.append(timed)
          break
        }
        let inner = modelInnerEvents(value)
        result += inner.filter { $0 != .completed }.map { TimedEvent(step: timed.step, event: $0) }
        if inner.last?.isTerminal == true, inner.last != .completed { break }
      }
      return ended(result)
    case .catchWith(let values):
      return ended(upstream()).flatMap { timed -> [TimedEvent] in
        guard case .failed = timed.event else { return [timed] }
        return (values.map { .value($0) } + [.completed]).map { TimedEvent(step: timed.step, event: $0) }
      }
    case .retry(let count):
      var result: [TimedEvent] = []
      for attempt in 0...count {
        let round = ended(upstream())
        guard case .failed = round.last?.event, attempt < count else { return result + round }
        result += round.dropLast()
      }
      return result
    case .repeatRounds(let count):
      guard count > 0 else { return [TimedEvent(step: 0, event: .completed)] }
      var result: [TimedEvent] = []
      for round in 1...count {
        let events = ended(upstream())
        guard events.last?.event == .completed, round < count else { return result + events }
        result += events.dropLast()
      }
      return result
    }
  }

  /// Replaces each value by what `transform` makes of it; terminal events pass.
  static func mapValues(_ events: [TimedEvent], _ transform: (Int) -> [ModelEvent]) -> [TimedEvent] {
    ended(events).flatMap { timed -> [TimedEvent] in
      guard case .value(let value) = timed.event else { return [timed] }
      return transform(value).map { TimedEvent(step: timed.step, event: $0) }
    }
  }

  enum TakeDecision {
    case send, sendThenComplete, complete
  }

  /// Sends values while `decide` allows it, and completes where it says.
  static func takeValues(_ events: [TimedEvent], _ decide: (Int) -> TakeDecision) -> [TimedEvent] {
    var result: [TimedEvent] = []
    for timed in ended(events) {
      guard case .value(let value) = timed.event else { return result + [timed] }
      switch decide(value) {
      case .send:
        result.append(timed)
      case .sendThenComplete:
        return result + [timed, TimedEvent(step: timed.step, event: .completed)]
      case .complete:
        return result + [TimedEvent(step: timed.step, event: .completed)]
      }
    }
    return result
  }

  /// `upstream.merge(with: Signal(values: values))`: the upstream is subscribed first, then the values are sent
  /// and complete at once; the merge completes when both have, and fails at the first failure.
  static func merge(_ upstream: [TimedEvent], with values: [Int]) -> [TimedEvent] {
    let atSubscription = upstream.prefix { $0.step == 0 }
    let later = upstream.dropFirst(atSubscription.count)
    var result: [TimedEvent] = []
    for timed in atSubscription {
      if case .failed = timed.event { return result + [timed] }
      if timed.event == .completed { continue }
      result.append(timed)
    }
    result += values.map { TimedEvent(step: 0, event: .value($0)) }
    if atSubscription.last?.event == .completed { return result + [TimedEvent(step: 0, event: .completed)] }
    return result + later
  }
}
