import AsyncSignals
import AsyncSignalsTesting
import TestSupport
import Testing

/// The delivery rules every subject follows, checked on ``PassthroughSubject``.
@Suite(.timeLimit(.minutes(1)))
struct PassthroughSubjectTests {
  struct Boom: Error, Equatable {}

  let subject = PassthroughSubject<Int, Boom>()
  let first = TestRecorder<Int, Boom>()
  let second = TestRecorder<Int, Boom>()

  @Test func deliversToEverySubscriberInOrder() {
    subject.subscribe(first.observer)
    subject.subscribe(second.observer)
    subject.send(1)
    subject.send(2)
    subject.complete()
    #expect(first.untimedEvents == [.value(1), .value(2), .completed])
    #expect(second.untimedEvents == [.value(1), .value(2), .completed])
  }

  @Test func deliversOnlyToSubscribersPresentWhenTheValueIsSent() {
    subject.subscribe(first.observer)
    subject.send(1)
    subject.subscribe(second.observer)
    subject.send(2)
    #expect(first.values == [1, 2])
    #expect(second.values == [2])
  }

  @Test func subscriberAddedDuringADeliveryMissesTheInFlightValue() {
    let late = TestRecorder<Int, Boom>()
    let subscribed = Counter()
    subject.subscribe(
      isolation: nil,
      value: { [subject] value in
        guard subscribed.increment() == 1 else { return }
        subject.subscribe(late.observer)
      }
    )
    subject.subscribe(first.observer)
    subject.send(1)
    subject.send(2)
    #expect(late.values == [2])
    #expect(first.values == [1, 2])
  }

  @Test func subscriberDisposedDuringADeliveryDoesNotReceiveTheInFlightValue() {
    let victim = Locked<(any Disposable)?>(nil)
    subject.subscribe(isolation: nil, value: { _ in victim.withLock { $0 }?.dispose() })
    victim.withLock { $0 = subject.subscribe(second.observer) }
    subject.send(1)
    subject.send(2)
    #expect(second.untimedEvents == [])
    #expect(subject.subscriberCount == 1)
  }

  @Test func subscriberThatDisposesItselfReceivesNothingMore() {
    let own = Locked<(any Disposable)?>(nil)
    let received = Locked<[Int]>([])
    own.withLock {
      $0 = subject.subscribe(
        isolation: nil,
        value: { value in
          received.withLock { $0.append(value) }
          own.withLock { $0 }?.dispose()
        }
      )
    }
    subject.send(1)
    subject.send(2)
    #expect(received.withLock { $0 } == [1])
  }

  @Test func sendFromInsideADeliveryIsDeliveredAfterIt() {
    let order = Locked<[String]>([])
    subject.subscribe(
      isolation: nil,
      value: { [subject] value in
        order.withLock { $0.append("a\(value)") }
        if value == 1 { subject.send(2) }
      }
    )
    subject.subscribe(isolation: nil, value: { value in order.withLock { $0.append("b\(value)") } })
    subject.send(1)
    #expect(order.withLock { $0 } == ["a1", "b1", "a2", "b2"])
  }

  @Test func terminalEventEndsEverySubscriptionAndLaterSendsAreIgnored() {
    subject.subscribe(first.observer)
    subject.fail(Boom())
    subject.send(1)
    subject.complete()
    #expect(first.untimedEvents == [.failed(Boom())])
    #expect(subject.subscriberCount == 0)
  }

  @Test func lateSubscriberReceivesOnlyTheTerminalEvent() {
    subject.send(1)
    subject.complete()
    subject.subscribe(first.observer)
    #expect(first.untimedEvents == [.completed])
    #expect(subject.subscriberCount == 0)
  }

  @Test func disposingUnregistersAndReleasesTheObserver() {
    final class Probe: Sendable {}
    let weakProbe = WeakReference<Probe>()
    let subscription: any Disposable = {
      let probe = Probe()
      weakProbe.object = probe
      return subject.subscribe(isolation: nil, value: { _ in _ = probe })
    }()
    #expect(subject.subscriberCount == 1)
    #expect(weakProbe.object != nil)
    subscription.dispose()
    #expect(subject.subscriberCount == 0)
    #expect(weakProbe.object == nil)
  }

  @Test func subscriberCanUseOperatorsThroughTheSignal() {
    let doubled = TestRecorder<Int, Boom>()
    subject.signal.lift { downstream, _ in
      Observer { downstream.send(event: $0.map { $0 * 2 }) }
    }.subscribe(doubled.observer)
    subject.send(1)
    subject.send(2)
    #expect(doubled.values == [2, 4])
  }

  @Test func observerForwardsASignalIntoTheSubject() {
    subject.subscribe(first.observer)
    Signal<Int, Boom> { observer, _ in
      observer.send(1)
      observer.complete()
    }.subscribe(subject.observer)
    #expect(first.untimedEvents == [.value(1), .completed])
  }
}
