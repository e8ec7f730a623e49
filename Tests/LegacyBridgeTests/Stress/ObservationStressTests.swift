import AsyncSignals
import AsyncSignalsTesting
import LegacyBridge
import Observation
import TestSupport
import Testing

/// Observation of an `@Observable`-style object mutated on a queue, while other tasks subscribe and dispose.
///
/// Run under the thread sanitizer:
/// `swift test --scratch-path .build-tsan --sanitize=thread -Xswiftc -DASYNCSIGNALS_TSAN --filter ObservationStressTests`.
@Suite(.timeLimit(.minutes(1)))
struct ObservationStressTests {
  /// An observable counter whose storage is locked, so any thread may read it (what `Sendable` requires).
  final class Counter: Observable, Sendable {
    private let registrar = ObservationRegistrar()
    private let storage = Locked(0)

    var value: Int {
      get {
        registrar.access(self, keyPath: \.value)
        return storage.withLock { $0 }
      }
      set {
        registrar.withMutation(of: self, keyPath: \.value) { storage.withLock { $0 = newValue } }
      }
    }
  }

  static let changes = 2_000
  static let churningTasks = 2
  static let churnsPerTask = 2_000

  @Test func changesOnTheSchedulersQueueArriveInOrderAndEndOnTheLastWhileOthersSubscribeAndDispose() async {
    let queue = QueueScheduler(label: "ObservationStressTests")
    let counter = Counter()
    let received = Locked<[Int]>([])
    let subscription = Signal.observing(counter, \.value, on: queue).subscribeNext(isolation: nil) { value in
      received.withLock { $0.append(value) }
    }
    let start = Gate()
    let finished = Gate()

    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<Self.churningTasks {
        group.addTask {
          await start.wait()
          for _ in 0..<Self.churnsPerTask {
            Signal.observing(counter, \.value, on: queue).subscribeNext(isolation: nil) { _ in }.dispose()
          }
        }
      }
      group.addTask {
        await start.wait()
        for change in 1...Self.changes {
          queue.schedule {
            counter.value = change
            // Queued after the read that this last change has just scheduled.
            if change == Self.changes { queue.schedule { finished.open() } }
          }
        }
        await finished.wait()
      }
      start.open()
    }

    let values = received.withLock { $0 }
    #expect(values.first == 0)
    #expect(values.last == Self.changes)
    #expect(zip(values, values.dropFirst()).allSatisfy { $0 < $1 })
    subscription.dispose()
  }
}

/// A main-actor model observed from the main actor, changed by work that starts on background threads.
@MainActor @Observable final class StressProfile {
  var name = ""
}

@Suite(.timeLimit(.minutes(1)))
struct MainActorObservationStressTests {
  @MainActor
  @Test func aChangeRequestedFromABackgroundTaskIsNeverLost() async {
    var lost = 0
    for run in 0..<1_000 {
      let model = StressProfile()
      var received: [String] = []
      let arrived = Gate()
      let subscription = Signal.observing(model, \.name).subscribe(value: { name in
        received.append(name)
        if name == "ada \(run)" { arrived.open() }
      })
      await Task.detached {
        await MainActor.run { model.name = "ada \(run)" }
      }.value
      await arrived.wait()
      if received != ["", "ada \(run)"] { lost += 1 }
      subscription.dispose()
    }
    #expect(lost == 0)
  }
}
