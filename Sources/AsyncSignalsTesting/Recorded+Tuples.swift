import AsyncSignals

// Tuples cannot conform to `Equatable`, so the histories of `combineLatest`, `zip` and `withLatest(from:)` (whose
// values are pairs and triples) get these comparisons instead: element by element, as `==` on the tuples would.
// Written out for pairs and triples, the arities those operators produce (STYLE §8); a parameter pack would also
// match a single value, and compete with `Equatable` histories.

/// Whether two histories of pairs are the same: the same events, values compared element by element, at the same
/// times.
///
/// ```swift
/// let recorder = scheduler.record(Signal.combineLatest(numbers.signal, letters.signal))
/// scheduler.run()
/// #expect(recorder.events == [.value((1, "a"), at: .seconds(1)), .value((2, "a"), at: .seconds(2))])
/// ```
///
/// - Parameters:
///   - lhs: A history.
///   - rhs: Another history.
/// - Returns: Whether they are equal.
public func == <A: Equatable & Sendable, B: Equatable & Sendable, Failure: Equatable>(
  lhs: [Recorded<(A, B), Failure>],
  rhs: [Recorded<(A, B), Failure>]
) -> Bool {
  lhs.elementsEqual(rhs) { $0 == $1 }
}

/// Whether two histories of triples are the same: the same events, values compared element by element, at the
/// same times.
///
/// ```swift
/// #expect(recorder.events == [.value((1, "a", true), at: .seconds(1))])
/// ```
///
/// - Parameters:
///   - lhs: A history.
///   - rhs: Another history.
/// - Returns: Whether they are equal.
public func == <A: Equatable & Sendable, B: Equatable & Sendable, C: Equatable & Sendable, Failure: Equatable>(
  lhs: [Recorded<(A, B, C), Failure>],
  rhs: [Recorded<(A, B, C), Failure>]
) -> Bool {
  lhs.elementsEqual(rhs) { $0 == $1 }
}

/// Whether two records of a pair are the same event at the same time.
///
/// ```swift
/// #expect(recorder.events[1] == .value((2, "b"), at: .seconds(2)))
/// ```
///
/// - Parameters:
///   - lhs: A record.
///   - rhs: Another record.
/// - Returns: Whether they are equal.
public func == <A: Equatable & Sendable, B: Equatable & Sendable, Failure: Equatable>(
  lhs: Recorded<(A, B), Failure>,
  rhs: Recorded<(A, B), Failure>
) -> Bool {
  lhs.time == rhs.time && lhs.event.isSame(as: rhs.event, comparingValuesWith: ==)
}

/// Whether two records of a triple are the same event at the same time.
///
/// ```swift
/// #expect(recorder.events[0] == .value((1, "a", true), at: .seconds(1)))
/// ```
///
/// - Parameters:
///   - lhs: A record.
///   - rhs: Another record.
/// - Returns: Whether they are equal.
public func == <A: Equatable & Sendable, B: Equatable & Sendable, C: Equatable & Sendable, Failure: Equatable>(
  lhs: Recorded<(A, B, C), Failure>,
  rhs: Recorded<(A, B, C), Failure>
) -> Bool {
  lhs.time == rhs.time && lhs.event.isSame(as: rhs.event, comparingValuesWith: ==)
}

/// Whether two lists of pairs, such as a recorder's ``TestRecorder/values``, are equal element by element.
///
/// ```swift
/// #expect(recorder.values == [(1, "a"), (2, "a")])
/// ```
///
/// - Parameters:
///   - lhs: A list.
///   - rhs: Another list.
/// - Returns: Whether they are equal.
public func == <A: Equatable, B: Equatable>(lhs: [(A, B)], rhs: [(A, B)]) -> Bool {
  lhs.elementsEqual(rhs) { $0 == $1 }
}

/// Whether two lists of triples, such as a recorder's ``TestRecorder/values``, are equal element by element.
///
/// ```swift
/// #expect(recorder.values == [(1, "a", true)])
/// ```
///
/// - Parameters:
///   - lhs: A list.
///   - rhs: Another list.
/// - Returns: Whether they are equal.
public func == <A: Equatable, B: Equatable, C: Equatable>(lhs: [(A, B, C)], rhs: [(A, B, C)]) -> Bool {
  lhs.elementsEqual(rhs) { $0 == $1 }
}

extension Event where Failure: Equatable {
  /// Whether the two are the same kind of event with equal payloads, values compared with `areEqual`.
  fileprivate func isSame(as other: Event, comparingValuesWith areEqual: (Value, Value) -> Bool) -> Bool {
    switch (self, other) {
    case (.value(let value), .value(let otherValue)): areEqual(value, otherValue)
    case (.failed(let failure), .failed(let otherFailure)): failure == otherFailure
    case (.completed, .completed): true
    case (.value, _), (.failed, _), (.completed, _): false
    }
  }
}
