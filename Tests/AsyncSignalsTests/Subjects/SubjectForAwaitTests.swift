import AsyncSignals
import AsyncSignalsTesting
import TestSupport
import Testing

@Suite(.timeLimit(.minutes(1)))
struct SubjectForAwaitTests {
  final class Probe: Sendable {}

  @Test func forAwaitConsumerReceivesValuesUntilCompletion() async {
    let subject = PassthroughSubject<Int, Never>()
    let subscribed = Gate()
    let consumer = Task {
      var received: [Int] = []
      for await value in subject.announcingSubscription(subscribed) { received.append(value) }
      return received
    }
    await subscribed.wait()
    for value in 1...3 { subject.send(value) }
    subject.complete()
    #expect(await consumer.value == [1, 2, 3])
  }

  @Test func subjectItselfIsAnAsyncSequence() async {
    let subject = ReplaySubject<Int, Never>()
    subject.send(1)
    subject.send(2)
    subject.complete()
    var received: [Int] = []
    for await value in subject { received.append(value) }
    #expect(received == [1, 2])
  }

  @Test func cancelledConsumerIsRemovedAndReleased() async {
    let subject = PassthroughSubject<Int, Never>()
    let subscribed = Gate()
    let firstValue = Gate()
    let weakProbe = WeakReference<Probe>()
    let tracked = subject.announcingSubscription(subscribed).lift { downstream, _ in
      let probe = Probe()
      weakProbe.object = probe
      return Observer<Int, Never> { event in
        _ = probe
        downstream.send(event: event)
      }
    }
    let consumer = Task {
      for await _ in tracked { firstValue.open() }
    }
    await subscribed.wait()
    #expect(subject.subscriberCount == 1)
    subject.send(1)
    await firstValue.wait()
    consumer.cancel()
    await consumer.value
    #expect(subject.subscriberCount == 0)
    #expect(weakProbe.object == nil)
    subject.send(2)  // nobody left to deliver to
  }

  @Test func asyncSendWaitsForABoundedConsumerInsteadOfDropping() async {
    let subject = PassthroughSubject<Int, Never>()
    let subscribed = Gate()
    let consumer = Task {
      var received: [Int] = []
      for await value in subject.announcingSubscription(subscribed).asyncBuffering(.bufferingOldest(1)) {
        received.append(value)
      }
      return received
    }
    await subscribed.wait()
    for value in 1...20 { await subject.sendWhenReady(value) }
    subject.complete()
    #expect(await consumer.value == Array(1...20))
  }

  @Test func asyncSendWaitsForEveryBoundedConsumerBesideCallbackSubscribers() async {
    let subject = PassthroughSubject<Int, Never>()
    let callbacks = TestRecorder<Int, Never>()
    let callbackLifetime = Lifetime()
    subject.signal.subscribe(callbacks.observer, in: callbackLifetime)
    let subscribed = (Gate(), Gate())
    let consumers = [subscribed.0, subscribed.1].map { gate in
      Task {
        var received: [Int] = []
        for await value in subject.announcingSubscription(gate).asyncBuffering(.bufferingOldest(1)) {
          received.append(value)
        }
        return received
      }
    }
    await subscribed.0.wait()
    await subscribed.1.wait()
    for value in 1...30 { await subject.sendWhenReady(value) }
    subject.complete()
    for consumer in consumers { #expect(await consumer.value == Array(1...30)) }
    #expect(callbacks.values == Array(1...30))
    callbackLifetime.dispose()
  }

  @Test func eachForAwaitConsumerHasItsOwnBuffer() async {
    let subject = PassthroughSubject<Int, Never>()
    let bothSubscribed = (Gate(), Gate())
    let slow = Task {
      var received: [Int] = []
      for await value in subject.announcingSubscription(bothSubscribed.0).asyncBuffering(.bufferingOldest(2)) {
        received.append(value)
      }
      return received
    }
    let unbounded = Task {
      var received: [Int] = []
      for await value in subject.announcingSubscription(bothSubscribed.1) { received.append(value) }
      return received
    }
    await bothSubscribed.0.wait()
    await bothSubscribed.1.wait()
    for value in 1...50 { subject.send(value) }
    subject.complete()
    #expect(await unbounded.value == Array(1...50))
    let slowReceived = await slow.value
    #expect(slowReceived.starts(with: [1, 2]))
    #expect(slowReceived == slowReceived.sorted())
  }
}
