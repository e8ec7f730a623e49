import AsyncSignals
import AsyncSignalsTesting
import TestSupport
import Testing

@Suite(.timeLimit(.minutes(1)))
struct CurrentValueSubjectTests {
  struct Boom: Error, Equatable {}

  let subject = CurrentValueSubject<Int, Boom>(0)
  let recorder = TestRecorder<Int, Boom>()

  @Test func newSubscriberReceivesTheCurrentValueThenLiveValues() {
    subject.subscribe(recorder.observer)
    subject.send(1)
    #expect(recorder.values == [0, 1])
    let late = TestRecorder<Int, Boom>()
    subject.subscribe(late.observer)
    #expect(late.values == [1])
  }

  @Test func valueIsReadableAndSettingItSends() {
    #expect(subject.value == 0)
    subject.subscribe(recorder.observer)
    subject.send(3)
    #expect(subject.value == 3)
    subject.value += 1
    #expect(subject.value == 4)
    #expect(recorder.values == [0, 3, 4])
  }

  @Test func afterTheEndReplaysTheLastValueAndTheTerminalEvent() {
    subject.send(2)
    subject.fail(Boom())
    subject.send(3)
    subject.subscribe(recorder.observer)
    #expect(recorder.untimedEvents == [.value(2), .failed(Boom())])
    #expect(subject.value == 2)
  }

  @Test func valueSentFromInsideADeliveryBecomesCurrentWhenItsDeliveryStarts() {
    let seen = Locked<[Int]>([])
    subject.subscribe(
      isolation: nil,
      value: { [subject] value in
        if value == 1 {
          subject.send(2)
          seen.withLock { $0.append(subject.value) }
        }
      }
    )
    subject.send(1)
    #expect(seen.withLock { $0 } == [1])
    #expect(subject.value == 2)
  }
}
