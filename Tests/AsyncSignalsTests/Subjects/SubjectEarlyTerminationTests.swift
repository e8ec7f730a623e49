import AsyncSignals
import AsyncSignalsTesting
import TestSupport
import Testing

/// A stand-in for `take(1)` written here, so that a failure can be told apart from a bug in `take`.
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

/// Contract: `take(1)` on a subject stays exact when its subscriber sends into the same subject.
@Suite(.timeLimit(.minutes(1)))
struct SubjectEarlyTerminationTests {
  /// How a case ends the subscription after its first value.
  enum FirstValueOperator: CaseIterable {
    /// The library's `take(1)`.
    case takeOne
    /// The stand-in above, which depends on nothing but `lift`.
    case standIn

    func apply(to signal: Signal<Int, Never>) -> Signal<Int, Never> {
      switch self {
      case .takeOne: signal.take(1)
      case .standIn: signal.firstValue()
      }
    }
  }

  @Test(arguments: FirstValueOperator.allCases)
  func takeOneStaysExactWhenTheSubscriberResendsIntoTheSameSubject(firstValue: FirstValueOperator) {
    let subject = PassthroughSubject<Int, Never>()
    let taken = TestRecorder<Int, Never>()
    let everything = TestRecorder<Int, Never>()
    subject.subscribe(everything.observer)
    firstValue.apply(to: subject.signal).subscribe(
      Observer { [subject] event in
        taken.observer.send(event: event)
        if case .value(let value) = event { subject.send(value + 100) }
      }
    )
    subject.send(1)
    subject.send(2)
    #expect(taken.untimedEvents == [.value(1), .completed])
    #expect(everything.values == [1, 101, 2])
    #expect(subject.subscriberCount == 1)
  }

  @Test(arguments: FirstValueOperator.allCases)
  func takeOneOnAReplaySubjectStopsTheReplay(firstValue: FirstValueOperator) {
    let subject = ReplaySubject<Int, Never>()
    let replays = Counter()
    for value in 1...3 { subject.send(value) }
    let taken = TestRecorder<Int, Never>()
    firstValue.apply(to: subject.signal).subscribe(
      Observer { [subject] event in
        taken.observer.send(event: event)
        if case .value = event {
          replays.increment()
          subject.send(4)
        }
      }
    )
    #expect(taken.untimedEvents == [.value(1), .completed])
    #expect(replays.value == 1)
    #expect(subject.subscriberCount == 0)
  }
}
