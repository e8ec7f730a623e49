import AsyncSignals
import Dispatch
import Synchronization
import TestSupport
import Testing

/// Subjects under real concurrency; run under the thread sanitizer by `.ci/run`.
@Suite(.timeLimit(.minutes(1)))
struct SubjectsStressTests {
  /// What one subscriber received; read only after every thread was joined.
  final class Recording: Sendable {
    let values = UnsynchronizedBox<[Int]>([])
    /// How many values the subscriber waits for before it leaves.
    let wanted: Int
    /// Signalled when `wanted` values arrived, or when the senders are done.
    let reached = DispatchSemaphore(value: 0)
    /// Signalled when the completion arrived: every value sent before it has been delivered by then.
    let completed = DispatchSemaphore(value: 0)
    /// A recording subscribed before any value was sent, so its count is the number of values sent so far.
    private let reference: Recording?
    /// How many values `reference` had received when this subscriber received its first value.
    let sentBeforeFirstValue = UnsynchronizedBox<Int?>(nil)
    private let count = Atomic(0)

    init(wanted: Int = .max, reference: Recording? = nil) {
      self.wanted = wanted
      self.reference = reference
    }

    var observer: Observer<Int, Never> {
      Observer(
        isolation: nil,
        value: { [self] value in
          if let reference, values.value.isEmpty {
            // Deliveries and replays run one at a time, and `reference` comes first in every send's snapshot.
            sentBeforeFirstValue.value = reference.count.load(ordering: .relaxed)
          }
          values.value.append(value)
          if count.add(1, ordering: .relaxed).newValue == wanted { reached.signal() }
        },
        completed: { [completed] in completed.signal() }
      )
    }
  }

  /// The subscribers waiting for values, and whether the senders are done (then nobody must wait any more).
  final class Waiting: Sendable {
    private let state = Locked<(sendersDone: Bool, recordings: [Recording])>((false, []))

    /// Registers `recording`; returns false once the senders are done.
    func register(_ recording: Recording) -> Bool {
      state.withLock { state in
        guard !state.sendersDone else { return false }
        state.recordings.append(recording)
        return true
      }
    }

    /// Marks the senders done and wakes every registered subscriber.
    func finish() {
      for recording in state.withLock({ state in
        state.sendersDone = true
        return state.recordings
      }) {
        recording.reached.signal()
      }
    }

    var recordings: [Recording] {
      state.withLock { $0.recordings }
    }
  }

  @Test func replayThenLiveIsGapFreeAndDuplicateFreeWhileSubscribersComeAndGo() async {
    let senders = 4
    let sendsPerSender = 25_000
    let capacity = 8
    let subscriptionsPerThread = 500
    let sendersRunning = Atomic(senders)
    let waiting = Waiting()
    let subject = ReplaySubject<Int, Never>(capacity: capacity)
    // `reached` once it has every value: a send may return before its value is delivered.
    let reference = Recording(wanted: senders * sendsPerSender)
    subject.subscribe(reference.observer)

    let sender: @Sendable (Int) -> Void = { index in
      for value in 0..<sendsPerSender {
        subject.send(index * sendsPerSender + value)
      }
      if sendersRunning.subtract(1, ordering: .acquiringAndReleasing).newValue == 0 {
        // The subscribers keep coming and going until every value has been delivered, not only sent: with the
        // machine loaded, the senders can finish while most values still wait in the subject's queue, and the
        // subscribers then left having seen only their first few values.
        reference.reached.wait()
        waiting.finish()
      }
    }
    let subscriber: @Sendable (Int) -> Void = { seed in
      var random = UInt64(seed) &+ 1
      for _ in 0..<subscriptionsPerThread {
        random = random &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        let recording = Recording(wanted: 1 + Int(random >> 59), reference: reference)  // 1...32 values, then leave
        guard waiting.register(recording) else { return }
        let subscription = subject.subscribe(recording.observer)
        recording.reached.wait()
        subscription.dispose()
      }
    }
    var bodies: [@Sendable () -> Void] = []
    for index in 0..<senders { bodies.append { sender(index) } }
    for seed in 0..<4 { bodies.append { subscriber(seed) } }
    await onOwnThread { [bodies] in
      runOnThreads(bodies)
      // A send may return before its value is delivered: the completion comes after every value.
      subject.complete()
      reference.completed.wait()
    }

    // Every value arrived once; each sender's values in the order it sent them.
    let history = reference.values.value
    #expect(history.count == senders * sendsPerSender)
    var position = [Int](repeating: -1, count: senders * sendsPerSender)
    for (index, value) in history.enumerated() { position[value] = index }
    #expect(!position.contains(-1))
    for index in 0..<senders {
      let own = history.filter { $0 / sendsPerSender == index }
      #expect(own == own.sorted())
    }

    // Each subscriber saw one contiguous run of the history that starts with its replay: the newest `capacity`
    // of the values sent before it registered, then live values, no gap, no duplicate.
    //
    // The replay starts at max(0, sent - capacity), where `sent` is what the reference had received at
    // registration. A subscriber reads the reference's count at its first value: during its replay, that is
    // `sent`; when nothing was sent yet (no replay), its first value is live and the reference, first in the
    // snapshot, has just received it, so the count is 1 and the expected start is 0 again. A skipped, shortened
    // or lengthened replay breaks the run.
    let all = waiting.recordings
    var broken = 0
    var sawLiveValues = 0
    var sawEvictingReplay = 0
    for recording in all {
      let values = recording.values.value
      guard !values.isEmpty else { continue }
      guard let sent = recording.sentBeforeFirstValue.value else {
        broken += 1
        continue
      }
      let start = max(0, sent - capacity)
      if start + values.count > history.count || Array(history[start..<(start + values.count)]) != values {
        broken += 1
      }
      if values.count > capacity { sawLiveValues += 1 }
      if sent > capacity { sawEvictingReplay += 1 }
    }
    #expect(broken == 0)
    #expect(all.count > 4)
    #expect(sawLiveValues > 0)
    #expect(sawEvictingReplay > 0)

    // A subscriber after the end replays exactly the newest values.
    let late = Recording()
    subject.subscribe(late.observer)
    #expect(late.values.value == Array(history.suffix(capacity)))
  }

  @Test func concurrentSendsAreDeliveredSeriallyToEverySubscriber() async {
    let senders = 4
    let sendsPerSender = 10_000
    let subject = PassthroughSubject<Int, Never>()
    let recordings = (0..<3).map { _ in Recording() }
    for recording in recordings { subject.subscribe(recording.observer) }
    var bodies: [@Sendable () -> Void] = []
    for index in 0..<senders {
      bodies.append {
        for value in 0..<sendsPerSender { subject.send(index * sendsPerSender + value) }
      }
    }
    await onOwnThread { [bodies] in
      runOnThreads(bodies)
      // A send may return before its value is delivered: the completion comes after every value.
      subject.complete()
      for recording in recordings { recording.completed.wait() }
    }
    let expected = recordings[0].values.value
    #expect(expected.count == senders * sendsPerSender)
    #expect(Set(expected).count == senders * sendsPerSender)
    for recording in recordings {
      #expect(recording.values.value == expected)
    }
  }
}

extension SubjectsStressTests {
  /// `waitForSubscribers(_:)` while subscribers register and leave on several threads: every wait ends, once,
  /// when it is satisfied or when the subject ends.
  @Test func waitingForSubscribersWhileThreadsSubscribeAndLeave() async {
    for _ in 0..<200 {
      let subject = PassthroughSubject<Int, Never>()
      let waiters = (0..<4).map { _ in Task { await subject.waitForSubscribers(4) } }
      let left = Task { await subject.waitForSubscribers(100) }  // never satisfied: ended by completion
      runOnThreads(count: 4) { _ in
        let churn = subject.subscribe(isolation: nil, value: { _ in })
        churn.dispose()
        _ = subject.subscribe(isolation: nil, value: { _ in })  // stays until the subject completes
      }
      for waiter in waiters { await waiter.value }
      #expect(subject.subscriberCount == 4)
      subject.complete()
      await left.value
      #expect(subject.subscriberCount == 0)
    }
  }
}
