import AsyncSignals
import AsyncSignalsTesting
import TestSupport
import Testing

@Suite(.timeLimit(.minutes(1)))
struct ReplaySubjectTests {
  struct Boom: Error, Equatable {}

  let recorder = TestRecorder<Int, Boom>()

  @Test func replaysEveryValueThenLiveValuesWithoutGapOrDuplicate() {
    let subject = ReplaySubject<Int, Boom>()
    subject.send(1)
    subject.send(2)
    subject.subscribe(recorder.observer)
    subject.send(3)
    #expect(recorder.values == [1, 2, 3])
  }

  @Test(arguments: [1, 2, 5])
  func replaysTheNewestValuesUpToItsCapacity(capacity: Int) {
    let subject = ReplaySubject<Int, Boom>(capacity: capacity)
    for value in 1...4 { subject.send(value) }
    subject.subscribe(recorder.observer)
    #expect(recorder.values == Array((1...4).suffix(capacity)))
  }

  @Test func replaysValuesThenCompletion() {
    let subject = ReplaySubject<Int, Boom>(capacity: 2)
    subject.send(1)
    subject.send(2)
    subject.send(3)
    subject.complete()
    subject.subscribe(recorder.observer)
    #expect(recorder.untimedEvents == [.value(2), .value(3), .completed])
    #expect(subject.subscriberCount == 0)
  }

  @Test func replaysValuesThenFailure() {
    let subject = ReplaySubject<Int, Boom>()
    subject.send(1)
    subject.fail(Boom())
    subject.subscribe(recorder.observer)
    subject.subscribe(recorder.observer)
    #expect(recorder.untimedEvents == [.value(1), .failed(Boom()), .value(1), .failed(Boom())])
  }

  @Test func capacityOneSubjectSubscribedFromInsideItsOwnDeliveryReplaysTheInFlightValueOnce() {
    let subject = ReplaySubject<Int, Boom>(capacity: 1)
    let inner = TestRecorder<Int, Boom>()
    let seenInsideDelivery = Locked<[Int]?>(nil)
    subject.subscribe(
      isolation: nil,
      value: { [subject] value in
        guard value == 1 else { return }
        subject.subscribe(inner.observer)
        seenInsideDelivery.withLock { $0 = inner.values }
      }
    )
    subject.send(1)
    subject.send(2)
    subject.complete()
    // Registered right after the delivery of 1: replays 1 once, then receives 2 live.
    #expect(seenInsideDelivery.withLock { $0 } == [])
    #expect(inner.untimedEvents == [.value(1), .value(2), .completed])
  }

  @Test func subscriberDisposingItselfMidReplayStopsReceiving() {
    let subject = ReplaySubject<Int, Boom>()
    for value in 1...5 { subject.send(value) }
    let received = Locked<[Int]>([])
    // The replay runs inside the subscription, before it returns: the observer disposes through the lifetime.
    let lifetime = Lifetime()
    subject.signal.subscribe(
      Observer(
        isolation: nil,
        value: { value in
          received.withLock { $0.append(value) }
          if value == 2 { lifetime.dispose() }
        }
      ),
      in: lifetime
    )
    subject.send(6)
    #expect(received.withLock { $0 } == [1, 2])
    #expect(subject.subscriberCount == 0)
  }

  @Test func laterSubscribersReplayWhatEarlierOnesReceivedLive() {
    let subject = ReplaySubject<Int, Boom>(capacity: 3)
    let early = TestRecorder<Int, Boom>()
    subject.subscribe(early.observer)
    for value in 1...3 { subject.send(value) }
    subject.subscribe(recorder.observer)
    subject.send(4)
    #expect(early.values == [1, 2, 3, 4])
    #expect(recorder.values == [1, 2, 3, 4])
  }

  @Test func capacityBelowOneIsAPreconditionFailure() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = ReplaySubject<Int, Never>(capacity: 0)
    }
    #expect(result?.standardErrorText.contains("ReplaySubject(capacity:): capacity must be >= 1, got 0") == true)
  }
}
