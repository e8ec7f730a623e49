import AsyncSignals
import AsyncSignalsTesting
import TestSupport
import Testing

/// A released subject completes its subscribers: nothing can send into it any more (issue 28).
@Suite(.timeLimit(.minutes(1)))
struct SubjectReleaseTests {
  struct Boom: Error, Equatable {}

  let recorder = TestRecorder<Int, Boom>()
  let late = TestRecorder<Int, Boom>()

  @Test func aReleasedPassthroughSubjectCompletesItsSubscribers() {
    var subject: PassthroughSubject<Int, Boom>? = PassthroughSubject()
    let signal = subject?.signal ?? .never
    signal.subscribe(recorder.observer)
    subject?.send(1)
    subject = nil
    #expect(recorder.untimedEvents == [.value(1), .completed])
    signal.subscribe(late.observer)
    #expect(late.untimedEvents == [.completed])
  }

  @Test func aLoopOverAReleasedSubjectEnds() async {
    var subject: PassthroughSubject<Int, Never>? = PassthroughSubject()
    let signal = subject?.signal ?? .never
    let loop = Task {
      var received: [Int] = []
      for await value in signal { received.append(value) }
      return received
    }
    await subject?.waitForSubscribers(1)
    subject?.send(1)
    subject = nil
    #expect(await loop.value == [1])
  }

  @Test func aReleasedReplaySubjectReplaysItsValuesThenTheCompletion() {
    var subject: ReplaySubject<Int, Boom>? = ReplaySubject(capacity: 2)
    let signal = subject?.signal ?? .never
    signal.subscribe(recorder.observer)
    subject?.send(1)
    subject?.send(2)
    subject = nil
    #expect(recorder.untimedEvents == [.value(1), .value(2), .completed])
    signal.subscribe(late.observer)
    #expect(late.untimedEvents == [.value(1), .value(2), .completed])
  }

  @Test func aReleasedCurrentValueSubjectReplaysItsValueThenTheCompletion() {
    var subject: CurrentValueSubject<Int, Boom>? = CurrentValueSubject(0)
    let signal = subject?.signal ?? .never
    signal.subscribe(recorder.observer)
    subject?.send(1)
    subject = nil
    #expect(recorder.untimedEvents == [.value(0), .value(1), .completed])
    signal.subscribe(late.observer)
    #expect(late.untimedEvents == [.value(1), .completed])
  }

  @Test func aSubjectThatEndedKeepsItsEndWhenReleased() {
    var subject: PassthroughSubject<Int, Boom>? = PassthroughSubject()
    subject?.subscribe(recorder.observer)
    subject?.fail(Boom())
    subject = nil
    #expect(recorder.untimedEvents == [.failed(Boom())])
  }

  /// A subscription that sends into the subject keeps it alive through its `observer`: the subscribers stay open
  /// until that subscription lets the observer go too.
  @Test func aSubjectFedByASubscriptionLivesAsLongAsIt() {
    let upstream = PassthroughSubject<Int, Boom>()
    let feeding: any Disposable
    do {
      let subject = PassthroughSubject<Int, Boom>()
      subject.subscribe(recorder.observer)
      feeding = upstream.subscribe(subject.observer)
    }
    upstream.send(1)
    #expect(recorder.untimedEvents == [.value(1)])
    feeding.dispose()
    #expect(recorder.untimedEvents == [.value(1), .completed])
  }
}
