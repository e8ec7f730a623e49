import AsyncSignals
import AsyncSignalsTesting
import Dispatch
import TestSupport
import Testing

/// `Signal.started(on:)`, the way a `Command` made on an actor runs its `execute` closure.
@Suite(.timeLimit(.minutes(1)))
struct StartedOnActorTests {
  /// The root cause of issue 26's command that never finished, pinned.
  ///
  /// The subscribing thread still owns the signal's mailbox (it is finishing the body) while the main actor runs
  /// the hop and the inner signal sends its value and completes. Those events queue in the mailbox; they must be delivered when the body returns,
  /// not dropped because the inner signal's end ended the subscription first.
  @Test @MainActor func whatTheActorSendsWhileTheSubscribingThreadHoldsTheMailboxIsDelivered() async {
    let recorder = TestRecorder<Int, Never>()
    let signal = Signal<Int, Never>.started(
      on: ActorContext(MainActor.shared),
      afterScheduling: {
        // The hop was enqueued on the main actor before this Task: once this Task runs, the inner signal has
        // sent everything, while this thread still runs the body.
        let hopRan = DispatchSemaphore(value: 0)
        Task { @MainActor in hopRan.signal() }
        hopRan.wait()
      },
      { .just(1) }
    )
    let subscribed = Gate()
    _ = startThread {
      signal.subscribe(recorder.observer)
      subscribed.open()
    }
    await subscribed.wait()
    #expect(recorder.untimedEvents == [.value(1), .completed])
  }

  @Test @MainActor func onTheActorTheInnerSignalRunsAtOnce() {
    let recorder = TestRecorder<Int, Never>()
    Signal<Int, Never>.started(on: ActorContext(MainActor.shared)) { .just(2) }.subscribe(recorder.observer)
    #expect(recorder.untimedEvents == [.value(2), .completed])
  }

  @Test @MainActor func disposingBeforeTheHopRunsStartsNothing() async {
    let made = Counter()
    let signal = Signal<Int, Never>.started(on: ActorContext(MainActor.shared)) {
      made.increment()
      return .just(3)
    }
    runOnThreads(count: 1) { _ in
      // The main actor is blocked in `runOnThreads` meanwhile: the hop stays queued until after the disposal.
      signal.subscribe(isolation: nil, value: { _ in }).dispose()
    }
    let hopsDone = Gate()
    Task { @MainActor in hopsDone.open() }
    await hopsDone.wait()
    #expect(made.value == 0)
  }
}
