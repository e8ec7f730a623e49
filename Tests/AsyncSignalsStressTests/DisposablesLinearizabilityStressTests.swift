import AsyncSignals
import TestSupport
import Testing

/// Lincheck-style checks of the disposables against a sequential model.
///
/// Random histories of three threads, each making three calls on one object, are checked with
/// ``isLinearizable(_:initial:apply:)``: some order of the calls that respects real time must give the results they
/// returned. Run under the thread sanitizer with the stress suite; the histories are seeded, so a failure names the
/// seed that reproduces its script.
@Suite(.timeLimit(.minutes(2)))
struct DisposablesLinearizabilityStressTests {
  /// A call on a disposable that owns cleanups, numbered by the test.
  enum Call: Sendable, CustomStringConvertible {
    case add(Int)
    case remove(Int)
    case dispose
    case isDisposed

    var description: String {
      switch self {
      case .add(let number): "add(\(number))"
      case .remove(let number): "remove(\(number))"
      case .dispose: "dispose()"
      case .isDisposed: "isDisposed"
      }
    }
  }

  /// What a call returned: the cleanups that ran during it, in order, or the flag it read.
  enum Outcome: Equatable, Sendable {
    case ran([Int])
    case flag(Bool)
  }

  /// The sequential model: the cleanups owned, in the order added, until disposal runs them.
  struct Model {
    var disposed = false
    var owned: [Int] = []

    mutating func apply(_ call: Call) -> Outcome {
      switch call {
      case .add(let number):
        guard !disposed else { return .ran([number]) }  // added too late: runs at once
        owned.append(number)
        return .ran([])
      case .remove(let number):
        owned.removeAll { $0 == number }
        return .ran([])
      case .dispose:
        guard !disposed else { return .ran([]) }
        disposed = true
        defer { owned = [] }
        return .ran(owned)
      case .isDisposed:
        return .flag(disposed)
      }
    }
  }

  /// Three calls for each of three threads: adds of fresh numbers, removals of the thread's own earlier adds,
  /// disposals and reads of `isDisposed` (where `removes` is false, no removals: a `Lifetime` has none).
  static func scripts(seed: UInt64, removes: Bool) -> [[Call]] {
    var random = SeededRandom(seed: seed)
    var next = 0
    return (0..<3).map { _ in
      var added: [Int] = []
      return (0..<3).map { _ in
        switch random.next() % 8 {
        case 0..<4:
          next += 1
          added.append(next)
          return .add(next)
        case 4 where removes && !added.isEmpty:
          return .remove(added.removeFirst())
        case 4, 5, 6:
          return .dispose
        default:
          return .isDisposed
        }
      }
    }
  }

  /// Runs `scripts` on three threads against a fresh object and checks the history; returns a message if it
  /// is not linearizable.
  static func check(
    _ scripts: [[Call]],
    seed: UInt64,
    make: @escaping @Sendable (RanLog) -> any LinearizableDisposable
  ) -> String? {
    let ran = RanLog()
    let object = make(ran)
    let recorder = HistoryRecorder<Call, Outcome>()
    runOnThreads(count: scripts.count) { thread in
      for call in scripts[thread] {
        recorder.record(thread: thread, call) {
          switch call {
          case .isDisposed: .flag(object.isDisposed)
          default: .ran(ran.during { object.perform(call, ran: ran) })
          }
        }
      }
    }
    let history = recorder.history
    guard !isLinearizable(history, initial: Model(), apply: { $0.apply($1) }) else { return nil }
    return "seed \(seed): not linearizable:\n" + history.map(\.description).joined(separator: "\n")
  }

  @Test func compositeDisposableHistoriesAreLinearizable() {
    for seed in UInt64(0)..<1_000 {
      let failure = Self.check(Self.scripts(seed: seed, removes: true), seed: seed) { _ in CompositeUnderTest() }
      #expect(failure == nil, "\(failure ?? "")")
      if failure != nil { return }
    }
  }

  @Test func lifetimeHistoriesAreLinearizable() {
    for seed in UInt64(0)..<1_000 {
      let failure = Self.check(Self.scripts(seed: seed, removes: false), seed: seed) { _ in LifetimeUnderTest() }
      #expect(failure == nil, "\(failure ?? "")")
      if failure != nil { return }
    }
  }

  /// The checker finds a disposable that is not linearizable: one whose `dispose()` runs its cleanups but does
  /// not remember it, so a cleanup added afterwards is kept instead of run at once.
  @Test func aForgetfulDisposableIsCaught() {
    let found = (UInt64(0)..<1_000).contains { seed in
      Self.check(Self.scripts(seed: seed, removes: false), seed: seed) { _ in ForgetfulUnderTest() } != nil
    }
    #expect(found)
  }
}

/// A disposable the checks drive: the calls of ``DisposablesLinearizabilityStressTests/Call``.
protocol LinearizableDisposable: Sendable {
  var isDisposed: Bool { get }
  func perform(_ call: DisposablesLinearizabilityStressTests.Call, ran: RanLog)
}

/// A `CompositeDisposable`, with the keys of its additions.
final class CompositeUnderTest: LinearizableDisposable {
  let composite = CompositeDisposable()
  let keys = Locked<[Int: CompositeDisposable.Key]>([:])

  var isDisposed: Bool { composite.isDisposed }

  func perform(_ call: DisposablesLinearizabilityStressTests.Call, ran: RanLog) {
    switch call {
    case .add(let number):
      if let key = composite.add({ ran.note(number) }) { keys.withLock { $0[number] = key } }
    case .remove(let number):
      if let key = keys.withLock({ $0[number] }) { composite.remove(key) }
    case .dispose:
      composite.dispose()
    case .isDisposed:
      break
    }
  }
}

/// A `Lifetime`: `onDispose` adds, `dispose()` ends.
final class LifetimeUnderTest: LinearizableDisposable {
  let lifetime = Lifetime()

  var isDisposed: Bool { lifetime.isDisposed }

  func perform(_ call: DisposablesLinearizabilityStressTests.Call, ran: RanLog) {
    switch call {
    case .add(let number): lifetime.onDispose { ran.note(number) }
    case .dispose: lifetime.dispose()
    case .remove, .isDisposed: break
    }
  }
}

/// Not linearizable on purpose: `dispose()` runs what it holds but stays open.
final class ForgetfulUnderTest: LinearizableDisposable {
  let cleanups = Locked<[@Sendable () -> Void]>([])

  var isDisposed: Bool { false }

  func perform(_ call: DisposablesLinearizabilityStressTests.Call, ran: RanLog) {
    switch call {
    case .add(let number): cleanups.withLock { $0.append { ran.note(number) } }
    case .dispose:
      let all = cleanups.withLock { cleanups in
        defer { cleanups = [] }
        return cleanups
      }
      for cleanup in all { cleanup() }
    case .remove, .isDisposed: break
    }
  }
}
