import AsyncSignals
import AsyncSignalsTesting
import TestSupport
import Testing

@Suite(.timeLimit(.minutes(1)))
struct RefCountTests {
  let source = ColdSource()
  let first = TestRecorder<Int, Never>()
  let second = TestRecorder<Int, Never>()

  @Test(arguments: [false, true])
  func connectsOnTheFirstSubscriberOnly(reconnects: Bool) {
    let published = source.signal().publish()
    let shared = reconnects ? published.refCount() : published.autoConnect()
    #expect(source.subscriptions.value == 0)
    shared.subscribe(first.observer)
    #expect(source.subscriptions.value == 1)
    shared.subscribe(second.observer)
    #expect(source.subscriptions.value == 1)
    source.send(1)
    #expect(first.values == [1])
    #expect(second.values == [1])
  }

  @Test(arguments: [false, true])
  func disposesTheSourceWhenTheCountReturnsToZero(reconnects: Bool) {
    let published = source.signal().publish()
    let shared = reconnects ? published.refCount() : published.autoConnect()
    let a = shared.subscribe(first.observer)
    let b = shared.subscribe(second.observer)
    a.dispose()
    #expect(source.disposals.value == 0)
    b.dispose()
    #expect(source.disposals.value == 1)
  }

  @Test func firstSubscriberReceivesWhatASynchronousSourceSendsAtConnection() {
    let shared = source.signal(sending: [1, 2]).publish().autoConnect()
    shared.subscribe(first.observer)
    #expect(first.values == [1, 2])
  }

  @Test func autoConnectDoesNotReconnectAfterTheCountReachedZero() {
    let shared = source.signal().multicast(ReplaySubject(capacity: 1)).autoConnect()
    let a = shared.subscribe(first.observer)
    source.send(1)
    a.dispose()
    #expect(source.disposals.value == 1)
    shared.subscribe(second.observer)
    source.send(2)  // the old, disposed subscription: dropped
    #expect(source.subscriptions.value == 1)
    #expect(second.values == [1])  // what the subject replays
  }

  @Test func refCountReconnectsOnTheNextSubscriber() {
    let shared = source.signal().publish().refCount()
    let a = shared.subscribe(first.observer)
    source.send(1)
    a.dispose()
    #expect(source.disposals.value == 1)
    shared.subscribe(second.observer)
    #expect(source.subscriptions.value == 2)
    source.send(2)
    #expect(first.values == [1])
    #expect(second.values == [2])
  }

  @Test func publishedRefCountStartsOverAfterTheSourceEnded() {
    let shared = source.signal().publish().refCount()
    shared.subscribe(first.observer)
    source.complete()
    #expect(first.untimedEvents == [.completed])
    shared.subscribe(second.observer)
    #expect(source.subscriptions.value == 2)
    source.send(2)
    #expect(second.untimedEvents == [.value(2)])
  }

  @Test func subscriberOfAnEndedMulticastSubjectDoesNotConnect() {
    let shared = source.signal().multicast(ReplaySubject(capacity: 1)).refCount()
    shared.subscribe(first.observer)
    source.send(1)
    source.complete()
    shared.subscribe(second.observer)
    #expect(second.untimedEvents == [.value(1), .completed])
    #expect(source.subscriptions.value == 1)
  }

  @Test func autoConnectDoesNotStartOverAfterTheSourceEnded() {
    let shared = source.signal().publish().autoConnect()
    shared.subscribe(first.observer)
    source.complete()
    shared.subscribe(second.observer)
    #expect(second.untimedEvents == [.completed])
    #expect(source.subscriptions.value == 1)
  }
}
