import AsyncSignals
import Testing

/// How many subscribers a subject has, and waiting for them without polling (issue 18).
@Suite(.timeLimit(.minutes(1)))
struct SubjectSubscriberCountTests {
  @Test func everySubjectCountsItsSubscribers() {
    let passthrough = PassthroughSubject<Int, Never>()
    let replay = ReplaySubject<Int, Never>(capacity: 1)
    let current = CurrentValueSubject<Int, Never>(0)
    let subscriptions = [
      passthrough.subscribe(isolation: nil, value: { _ in }), passthrough.subscribe(isolation: nil, value: { _ in }),
      replay.subscribe(isolation: nil, value: { _ in }), current.subscribe(isolation: nil, value: { _ in }),
    ]
    #expect([passthrough.subscriberCount, replay.subscriberCount, current.subscriberCount] == [2, 1, 1])
    subscriptions[0].dispose()
    #expect(passthrough.subscriberCount == 1)
    passthrough.complete()
    #expect(passthrough.subscriberCount == 0)
    for subscription in subscriptions { subscription.dispose() }
    #expect([replay.subscriberCount, current.subscriberCount] == [0, 0])
  }

  /// The pattern the issue asks for: a `for await` loop over a hot source, started in a Task, and a test that
  /// sends only once the loop has subscribed, with no re-posting and no handshake of its own.
  @Test func aTestWaitsForAForAwaitLoopToSubscribeBeforeSending() async {
    let subject = PassthroughSubject<Int, Never>()
    let consumer = Task {
      var received: [Int] = []
      for await value in subject { received.append(value) }
      return received
    }
    await subject.waitForSubscribers(1)
    #expect(subject.subscriberCount == 1)
    for value in 1...3 { subject.send(value) }
    subject.complete()
    #expect(await consumer.value == [1, 2, 3])
  }

  @Test func waitingForSeveralLoopsReturnsOnceTheyAllSubscribed() async {
    let subject = CurrentValueSubject<String, Never>("start")
    let loops = (0..<3).map { _ in
      Task {
        var received: [String] = []
        for await value in subject { received.append(value) }
        return received
      }
    }
    await subject.waitForSubscribers(3)
    subject.send("next")
    subject.complete()
    for loop in loops {
      let received = await loop.value
      #expect(received.last == "next")
    }
  }

  @Test func waitingReturnsAtOnceWithEnoughSubscribersOrAfterTheEnd() async {
    let subject = ReplaySubject<Int, Never>(capacity: 1)
    await subject.waitForSubscribers(0)
    let subscription = subject.subscribe(isolation: nil, value: { _ in })
    await subject.waitForSubscribers(1)
    subject.complete()
    await subject.waitForSubscribers(5)  // ended: nobody registers any more
    #expect(subject.subscriberCount == 0)
    subscription.dispose()
  }

  @Test func theEndOfTheSubjectResumesAWaitingTask() async {
    let subject = PassthroughSubject<Int, Never>()
    let waiter = Task { await subject.waitForSubscribers(2) }
    subject.complete()
    await waiter.value
  }

  @Test func cancellingTheWaitingTaskEndsTheWait() async {
    let subject = PassthroughSubject<Int, Never>()
    let waiter = Task { await subject.waitForSubscribers(1) }
    waiter.cancel()
    await waiter.value
    #expect(subject.subscriberCount == 0)
  }

  @Test func aNegativeCountIsAPrecondition() async {
    await #expect(processExitsWith: .failure) {
      await PassthroughSubject<Int, Never>().waitForSubscribers(-1)
    }
  }
}
