/// The states of one `zip` subscription: the values of each source not paired yet, and which completed.
///
/// Pure: it returns the tuple to send and whether the result is over; the storage sends it. Inputs arrive
/// serially (see ``InputDelivery``), so it needs no lock. The result completes as soon as no further tuple is
/// possible: a source has completed and none of its values waits.
@usableFromInline
struct ZipStateMachine<Element>: CombiningMachine {
  @usableFromInline
  enum State {
    /// Tuples may still come.
    case zipping
    /// A terminal event went downstream; every further input is ignored.
    case finished
  }

  @usableFromInline
  var state = State.zipping
  /// The values of each source not paired yet, oldest first from `heads[index]`.
  @usableFromInline
  var buffers: [[Element]]
  @usableFromInline
  var heads: [Int]
  /// Which sources completed.
  @usableFromInline
  var completedSources: [Bool]
  /// How many sources have at least one value waiting.
  @usableFromInline
  var ready = 0

  /// Creates the machine for `count` sources.
  @inlinable
  init(count: Int) {
    buffers = Array(repeating: [], count: count)
    heads = Array(repeating: 0, count: count)
    completedSources = Array(repeating: false, count: count)
  }

  /// How many values of source `index` wait.
  @inlinable
  func waiting(at index: Int) -> Int {
    buffers[index].count - heads[index]
  }

  /// Source `index` sent `value`.
  @inlinable
  mutating func valueReceived(_ value: Element, at index: Int) -> CombiningAction<Element> {
    guard case .zipping = state else { return .none }
    if waiting(at: index) == 0 { ready += 1 }
    buffers[index].append(value)
    guard ready == buffers.count else { return .none }
    var tuple: [Element] = []
    tuple.reserveCapacity(buffers.count)
    var over = false
    for source in buffers.indices {
      tuple.append(popFirst(at: source))
      if waiting(at: source) == 0 {
        ready -= 1
        if completedSources[source] { over = true }
      }
    }
    guard over else { return .send(tuple) }
    state = .finished
    return .sendAndComplete(tuple)
  }

  /// Source `index` completed: the result completes if none of its values waits.
  @inlinable
  mutating func completed(at index: Int) -> CombiningAction<Element> {
    guard case .zipping = state else { return .none }
    completedSources[index] = true
    guard waiting(at: index) == 0 else { return .none }
    state = .finished
    return .complete
  }

  /// A source failed: the result fails at once.
  @inlinable
  mutating func failed() -> Bool {
    guard case .zipping = state else { return false }
    state = .finished
    return true
  }

  @inlinable
  mutating func popFirst(at index: Int) -> Element {
    let value = buffers[index][heads[index]]
    heads[index] += 1
    if heads[index] == buffers[index].count {
      buffers[index].removeAll(keepingCapacity: true)
      heads[index] = 0
    } else if heads[index] >= 64, heads[index] * 2 >= buffers[index].count {
      buffers[index].removeFirst(heads[index])
      heads[index] = 0
    }
    return value
  }
}
