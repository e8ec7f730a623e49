import AsyncSignals
import AsyncSignalsTesting
import Testing

/// Work that leaves the `TestScheduler`'s control is found out and reported, not silently lost (issue 18).
///
/// Each test makes work escape on purpose, waits with a handshake until the scheduler has noticed it (the
/// escaped work runs on another thread, at a time the test does not control), then checks the list and that
/// the next `advance` records it as an issue of the test.
@Suite(.timeLimit(.minutes(1)))
struct EscapedWorkTests {
  let scheduler = TestScheduler()
  /// Opens when the scheduler notices the first escape.
  let noticed = Gate()

  init() {
    scheduler._setEscapeObserver { [noticed] _ in noticed.open() }
  }

  @Test func aDeterministicTestHasNoEscapedWork() {
    let recorder = scheduler.record(
      Signal<Int, Never> { [scheduler] observer in
        try? await scheduler.sleep(for: .seconds(1))
        await observer.send(1)
      }
    )
    scheduler.advance(by: .seconds(1))
    #expect(recorder.values == [1])
    #expect(scheduler.escapedWork == [])
  }

  /// The example of `Docs/Testing.md`: a test on no actor drives a body that hops to the main actor, so the body
  /// comes back to the scheduler from the main thread, at a time the test does not control.
  ///
  /// It may come back while the first `advance` still runs (which then runs it) or after (the second one does):
  /// either way it is reported once, and the history is the same.
  @Test func aHopToTheMainActorFromATestOnNoActorIsReported() async {
    let signal = Signal<String, Never> { observer in
      let title = await MainActor.run { "title" }  // leaves the scheduler…
      await observer.send(title)  // …and comes back from the main thread, when the main actor gets to it
    }
    let recorder = scheduler.record(signal)
    await withKnownIssue {  // "TestScheduler: work escaped virtual time at 0.0 seconds: a Task that prefers…"
      advanceSynchronously(scheduler)  // runs the body up to the hop
      await noticed.wait()  // the body came back
      advanceSynchronously(scheduler)  // runs its continuation, if the first one did not
    }
    #expect(scheduler.escapedWork == [TestScheduler.EscapedWork(kind: .jobEnqueued, time: .zero)])
    #expect(recorder.events == [.value("title", at: .zero), .completed(at: .zero)])
  }

  /// A body that starts a bare `Task`, which has no executor preference, sleeps on the scheduler from outside.
  @Test func aTaskStartedWithoutTheSchedulerIsReportedWhenItSleeps() async {
    let finished = Gate()
    let signal = Signal<Int, Never> { [scheduler] _, _ in
      Task {
        try? await scheduler.sleep(for: .seconds(1))
        finished.open()
      }
    }
    let recorder = scheduler.record(signal)
    await noticed.wait()
    #expect(scheduler.escapedWork == [TestScheduler.EscapedWork(kind: .sleep, time: .zero)])
    withKnownIssue {
      scheduler.advance(by: .seconds(1))
    }
    await finished.wait()  // it resumed on the global executor, not inside `advance`
    recorder.dispose()
  }

  /// A subscription driven by the scheduler, fed from a Task that is not the test: the debounce schedules its
  /// timer, and the recorder receives an event, from there.
  @Test func schedulingAndRecordingFromAnotherTaskAreReported() async {
    let subject = PassthroughSubject<Int, Never>()
    let debounced = scheduler.record(subject.signal.debounce(for: .seconds(1), scheduler: scheduler))
    let direct = scheduler.record(subject.signal)
    await Task { subject.send(1) }.value
    #expect(scheduler.escapedWork.count == 2)
    #expect(Set(scheduler.escapedWork.map(\.kind)) == [.actionScheduled, .eventRecorded])
    withKnownIssue {
      scheduler.advance(by: .seconds(1))
    }
    #expect(debounced.values == [1])
    #expect(direct.values == [1])
  }

  /// Each escape is reported once, by the next call that drives the scheduler.
  @Test func eachEscapeIsReportedOnce() async {
    let subject = PassthroughSubject<Int, Never>()
    let recorder = scheduler.record(subject.signal)
    await Task { subject.send(1) }.value
    withKnownIssue {
      scheduler.advance()
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("a TestRecorder received an event") }
    }
    await scheduler.advance()  // nothing new: no issue
    #expect(scheduler.escapedWork.count == 1)
    #expect(recorder.values == [1])
  }

  @Test func theDescriptionSaysWhatEscapedWhenAndWhatToDo() {
    let escape = TestScheduler.EscapedWork(kind: .sleep, time: .seconds(2))
    #expect(escape.description.hasPrefix("TestScheduler: work escaped virtual time at 2.0 seconds: a Task that"))
    #expect(escape.description.contains("Subscribe through the scheduler"))
  }
}

/// Drives `scheduler` synchronously: in an `async` function, `scheduler.advance()` is the `async` form, which
/// waits for what comes back from the main actor, so that nothing escapes.
private func advanceSynchronously(_ scheduler: TestScheduler) {
  scheduler.advance()
}
