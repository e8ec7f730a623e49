import AsyncSignals
import TestSupport
import Testing

/// An operator that completes early, written here so the test does not depend on the operator library.
extension Signal {
  fileprivate func firstValue() -> Signal {
    lift { downstream, _ in
      let done = Locked(false)
      return Observer { event in
        guard !done.withLock({ $0 }) else { return }
        switch event {
        case .value:
          done.withLock { $0 = true }
          downstream.send(event: event)
          downstream.complete()
        case .failed, .completed:
          done.withLock { $0 = true }
          downstream.send(event: event)
        }
      }
    }
  }
}

@Suite(.timeLimit(.minutes(1)))
struct SubjectEarlyTerminationTests {
  @Test func takeOneStaysExactWhenTheSubscriberResendsIntoTheSameSubject() {
    let subject = PassthroughSubject<Int, Never>()
    let taken = EventRecorder<Int, Never>()
    let everything = EventRecorder<Int, Never>()
    subject.subscribe(everything.observer)
    subject.signal.firstValue().subscribe(
      Observer { [subject] event in
        taken.observer.send(event: event)
        if case .value(let value) = event { subject.send(value + 100) }
      }
    )
    subject.send(1)
    subject.send(2)
    #expect(taken.events == [.value(1), .completed])
    #expect(everything.values == [1, 101, 2])
    #expect(subject._subscriberCount == 1)
  }

  @Test func takeOneOnAReplaySubjectStopsTheReplay() {
    let subject = ReplaySubject<Int, Never>()
    let replays = Counter()
    for value in 1...3 { subject.send(value) }
    let taken = EventRecorder<Int, Never>()
    subject.signal.firstValue().subscribe(
      Observer { [subject] event in
        taken.observer.send(event: event)
        if case .value = event {
          replays.increment()
          subject.send(4)
        }
      }
    )
    #expect(taken.events == [.value(1), .completed])
    #expect(replays.value == 1)
    #expect(subject._subscriberCount == 0)
  }
}
