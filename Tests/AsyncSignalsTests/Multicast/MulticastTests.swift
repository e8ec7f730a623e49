import AsyncSignals
import AsyncSignalsTesting
import TestSupport
import Testing

/// A cold source that counts its subscriptions and disposals, and hands out its observer for manual sends.
final class ColdSource: Sendable {
  let subscriptions = Counter()
  let disposals = Counter()
  private let current = Locked<Observer<Int, Never>?>(nil)

  /// The signal: each subscription counts, records its observer, and sends `initial` values.
  func signal(sending initial: [Int] = []) -> Signal<Int, Never> {
    Signal { [self] observer, lifetime in
      subscriptions.increment()
      current.withLock { $0 = observer }
      lifetime.onDispose { [self] in disposals.increment() }
      for value in initial { observer.send(value) }
    }
  }

  /// Sends into the latest subscription.
  func send(_ value: Int) {
    current.withLock { $0 }?.send(value)
  }

  /// Completes the latest subscription.
  func complete() {
    current.withLock { $0 }?.complete()
  }
}

@Suite(.timeLimit(.minutes(1)))
struct MulticastTests {
  let source = ColdSource()
  let first = TestRecorder<Int, Never>()
  let second = TestRecorder<Int, Never>()

  @Test func publishedRequestRunsItsSideEffectOnceForTwoSubscribers() {
    let published = source.signal().publish()
    published.subscribe(first.observer)
    published.subscribe(second.observer)
    #expect(source.subscriptions.value == 0)
    published.connect()
    source.send(1)
    source.complete()
    #expect(source.subscriptions.value == 1)
    #expect(first.untimedEvents == [.value(1), .completed])
    #expect(second.untimedEvents == [.value(1), .completed])
  }

  @Test func lateSubscriberMissesEarlierValuesWithoutReplay() {
    let published = source.signal().publish()
    published.connect()
    published.subscribe(first.observer)
    source.send(1)
    published.subscribe(second.observer)
    source.send(2)
    #expect(first.values == [1, 2])
    #expect(second.values == [2])
  }

  @Test func lateSubscriberGetsEarlierValuesWhenReplayWasAskedFor() {
    let replayed = source.signal().multicast(ReplaySubject(capacity: 1))
    replayed.connect()
    source.send(1)
    source.send(2)
    replayed.subscribe(first.observer)
    source.send(3)
    #expect(first.values == [2, 3])
  }

  @Test func connectIsIdempotentAndReturnsTheSameDisposable() {
    let published = source.signal().publish()
    let connection = published.connect()
    #expect(published.connect() === connection)
    connection.dispose()
    #expect(published.connect() === connection)
    #expect(source.subscriptions.value == 1)
    #expect(source.disposals.value == 1)
  }

  @Test func connectAfterTheSourceEndedDoesNotConnectAgain() {
    let published = source.signal().publish()
    published.subscribe(first.observer)
    let connection = published.connect()
    source.complete()
    #expect(published.connect() === connection)  // RAC's connect; Rx would subscribe the source again
    #expect(source.subscriptions.value == 1)
    published.subscribe(second.observer)
    #expect(first.untimedEvents == [.completed])
    #expect(second.untimedEvents == [.completed])  // the ended subject's end
  }

  @Test func disposingTheConnectionStopsTheSourceButKeepsSubscribersRegistered() {
    let subject = PassthroughSubject<Int, Never>()
    let published = source.signal().multicast(subject)
    published.subscribe(first.observer)
    published.connect().dispose()
    source.send(1)
    subject.send(2)
    #expect(first.values == [2])
  }

  @Test func connectableIsAnAsyncSequenceOfItsSubject() async {
    let replayed = Signal(values: [1, 2]).multicast(ReplaySubject())
    replayed.connect()
    var received: [Int] = []
    for await value in replayed { received.append(value) }
    #expect(received == [1, 2])
  }
}
