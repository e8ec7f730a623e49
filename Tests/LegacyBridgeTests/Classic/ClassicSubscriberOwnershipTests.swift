import AsyncSignals
import AsyncSignalsTesting
import LegacyBridge
import TestSupport
import Testing

/// A main-actor log, as a RAC spec's `values` array is.
@MainActor final class OwnershipLog {
  var entries: [String] = []
}

/// A signal that never sends and counts its disposals: RAC's `createSignal` returning `disposableWithBlock`.
private func disposalCounting(_ disposals: Counter) -> Signal<String, TestError> {
  Signal.createSignal { _ in ActionDisposable { disposals.increment() } }
}

/// RACSubscriberExamples' "multiple subscriptions" for a subject used as a subscriber (issue 26, item 4): the
/// subject owns the subscriptions that feed it.
@MainActor @Suite(.timeLimit(.minutes(1)))
struct SubjectOwnsItsSubscriptionsTests {
  let subject = PassthroughSubject<String, TestError>()
  let first = PassthroughSubject<String, TestError>()
  let second = PassthroughSubject<String, TestError>()
  let log = OwnershipLog()

  init() {
    let log = log
    subject.subscribeNext(
      { log.entries.append($0) },
      error: { log.entries.append("error \($0.code)") },
      completed: { log.entries.append("completed") }
    )
    first.signal.subscribe(subject)
    second.signal.subscribe(subject)
  }

  @Test func sendsTheValuesOfEverySubscription() {
    first.sendNext("foo")
    second.sendNext("bar")
    first.sendNext("buzz")
    #expect(log.entries == ["foo", "bar", "buzz"])
  }

  @Test func terminatesAfterTheFirstErrorFromAnySubscriptionAndDisposesTheOthers() {
    first.sendNext("foo")
    second.sendError(TestError(code: 1))
    first.sendNext("buzz")
    #expect(log.entries == ["foo", "error 1"])
    #expect(first.subscriberCount == 0)  // the subject let go of the source it no longer needs
  }

  @Test func terminatesAfterTheFirstCompletedFromAnySubscriptionAndDisposesTheOthers() {
    first.sendNext("foo")
    first.sendCompleted()
    second.sendNext("baz")
    #expect(log.entries == ["foo", "completed"])
    #expect(second.subscriberCount == 0)
  }

  /// The case: a source subscribed to a subject that has completed is disposed, not fed for ever.
  @Test func disposesEveryCurrentSubscriptionWhenItCompletes() {
    let disposals = Counter()
    disposalCounting(disposals).subscribe(subject)
    disposalCounting(disposals).subscribeObserver(subject)
    #expect(disposals.value == 0)
    subject.sendCompleted()
    #expect(disposals.value == 2)
    #expect(first.subscriberCount == 0)
    #expect(second.subscriberCount == 0)
  }

  @Test func disposesAFutureSubscriptionAtOnce() {
    let disposals = Counter()
    first.sendCompleted()
    #expect(disposals.value == 0)
    let subscription = disposalCounting(disposals).subscribe(subject)
    #expect(disposals.value == 1)
    #expect(subscription.isDisposed)
  }

  /// A subscription disposed by its caller leaves the subject: it is released, not kept until the subject ends.
  @Test func aSubscriptionThatEndsFirstIsReleased() {
    weak var disposed: (any Disposable)?
    do {
      let subscription = Signal<String, TestError>.never.subscribe(subject)
      disposed = subscription
      subscription.dispose()
    }
    #expect(disposed == nil)
    subject.sendNext("still open")
    #expect(log.entries == ["still open"])
  }

  /// Every subject of the library owns its subscriptions, whatever it replays.
  @Test func aReplaySubjectAndACurrentValueSubjectOwnTheirsToo() {
    let disposals = Counter()
    let replay = ReplaySubject<String, TestError>(capacity: 1)
    let current = CurrentValueSubject<String, TestError>("")
    disposalCounting(disposals).subscribe(replay)
    disposalCounting(disposals).subscribe(current)
    replay.sendCompleted()
    current.sendError(TestError(code: 2))
    #expect(disposals.value == 2)
  }

  /// The core spelling keeps the core's rule: the caller owns the subscription, the subject ignores the events.
  @Test func theCoreObserverLeavesTheSubscriptionToTheCaller() {
    let disposals = Counter()
    let subscription = disposalCounting(disposals).subscribe(subject.observer)
    subject.sendCompleted()
    #expect(disposals.value == 0)
    subscription.dispose()
    #expect(disposals.value == 1)
  }
}

/// RACSubscriberExamples' "multiple subscriptions" for a subscriber built from closures (issue 26, item 4).
@MainActor @Suite(.timeLimit(.minutes(1)))
struct SubscriberOwnsItsSubscriptionsTests {
  let first = PassthroughSubject<String, TestError>()
  let second = PassthroughSubject<String, TestError>()
  let log = OwnershipLog()
  let subscriber: Subscriber<String, TestError>

  init() {
    let log = log
    subscriber = Subscriber(
      next: { log.entries.append($0) },
      error: { log.entries.append("error \($0.code)") },
      completed: { log.entries.append("completed") }
    )
    first.subscribe(subscriber)
    second.subscribeObserver(subscriber)
  }

  @Test func sendsTheValuesOfEverySubscription() {
    first.sendNext("foo")
    second.sendNext("bar")
    first.sendNext("buzz")
    second.sendNext("baz")
    #expect(log.entries == ["foo", "bar", "buzz", "baz"])
  }

  @Test func terminatesAfterTheFirstErrorFromAnySubscription() {
    first.sendNext("foo")
    second.sendError(TestError(code: 1))
    first.sendNext("buzz")
    #expect(log.entries == ["foo", "error 1"])
    #expect(subscriber.isDisposed)
    #expect(first.subscriberCount == 0)
  }

  @Test func terminatesAfterTheFirstCompletedFromAnySubscription() {
    first.sendNext("foo")
    second.sendNext("bar")
    first.sendCompleted()
    second.sendNext("baz")
    #expect(log.entries == ["foo", "bar", "completed"])
    #expect(second.subscriberCount == 0)
  }

  @Test func disposesEveryCurrentSubscriptionUponTermination() {
    let disposals = Counter()
    disposalCounting(disposals).subscribe(subscriber)
    disposalCounting(disposals).subscribe(subscriber)
    #expect(disposals.value == 0)
    first.sendCompleted()
    #expect(disposals.value == 2)
  }

  @Test func disposesAFutureSubscriptionUponTermination() {
    let disposals = Counter()
    first.sendCompleted()
    #expect(disposals.value == 0)
    disposalCounting(disposals).subscribe(subscriber)
    #expect(disposals.value == 1)
  }

  @Test func aTerminalEventSentDirectlyEndsEverySubscription() {
    subscriber.sendCompleted()
    first.sendNext("after")
    #expect(log.entries == ["completed"])
    #expect(first.subscriberCount == 0)
    #expect(second.subscriberCount == 0)
  }

  @Test func disposingTheSubscriberEndsEverySubscriptionAndDeliversNothingMore() {
    let owned = ActionDisposable()
    subscriber.didSubscribe(with: owned)
    subscriber.dispose()
    first.sendNext("after")
    subscriber.sendNext("direct")
    #expect(log.entries == [])
    #expect(owned.isDisposed)
    #expect(first.subscriberCount == 0)
  }

  @Test func disposingOneSubscriptionLeavesTheOthers() {
    let third = PassthroughSubject<String, TestError>()
    weak var released: (any Disposable)?
    do {
      let subscription = third.subscribe(subscriber)
      released = subscription
      subscription.dispose()
    }
    #expect(released == nil)  // it left the subscriber
    first.sendNext("foo")
    #expect(log.entries == ["foo"])
  }

  @Test func onNoActorTheSubscriberOwnsItsSubscriptionsToo() {
    let values = Locked<[String]>([])
    let subscriber = Subscriber<String, TestError>(
      isolation: nil,
      next: { value in values.withLock { $0.append(value) } }
    )
    let third = PassthroughSubject<String, TestError>()
    third.subscribe(subscriber)
    first.subscribe(subscriber)
    third.sendNext("a")
    first.sendCompleted()
    third.sendNext("b")
    #expect(values.withLock { $0 } == ["a"])
    #expect(third.subscriberCount == 0)
  }
}

/// RACSignalSpec's "should automatically dispose of other subscriptions from +createSignal:" (issue 26, item 4).
@Suite(.timeLimit(.minutes(1)))
struct CreateSignalOwnsInnerSubscriptionsTests {
  @Test func anInnerSubscriptionEndsWithTheOuterSubscription() {
    let innerDisposals = Counter()
    let outer = Signal<String, TestError>.createSignal { subscriber in
      disposalCounting(innerDisposals).subscribe(subscriber)
      return nil
    }
    let subscription = outer.subscribeCompleted(isolation: nil) {}
    #expect(innerDisposals.value == 0)
    subscription.dispose()
    #expect(innerDisposals.value == 1)
  }

  /// The outer subscriber's first terminal event, arriving through one inner subscription, ends the others.
  @Test func theFirstTerminalEventOfAnInnerSubscriptionEndsTheOthers() {
    let first = PassthroughSubject<String, TestError>()
    let innerDisposals = Counter()
    let recorder = TestRecorder<String, TestError>()
    Signal<String, TestError>.createSignal { subscriber in
      first.subscribe(subscriber)
      disposalCounting(innerDisposals).subscribeObserver(subscriber)
      return nil
    }
    .subscribe(recorder.observer)
    first.sendNext("a")
    first.sendCompleted()
    #expect(recorder.untimedEvents == [.value("a"), .completed])
    #expect(innerDisposals.value == 1)
  }

  @Test func leavingAForAwaitLoopEndsTheInnerSubscription() async throws {
    let source = PassthroughSubject<String, TestError>()
    let outer = Signal<String, TestError>.createSignal { subscriber in
      source.subscribe(subscriber)
      return nil
    }
    let loop = Task { () throws -> String? in
      for try await value in outer { return value }
      return nil
    }
    await source.waitForSubscribers(1)
    source.sendNext("first")
    #expect(try await loop.value == "first")
    #expect(source.subscriberCount == 0)
  }

  /// The core spelling passes the subscriber's observer: the caller keeps that subscription, as before.
  @Test func theCoreSpellingWithTheObserverIsNotOwned() {
    let innerDisposals = Counter()
    let kept = Locked<(any Disposable)?>(nil)
    let subscription = Signal<String, TestError>.createSignal { subscriber in
      let inner = disposalCounting(innerDisposals).subscribe(subscriber.observer)
      kept.withLock { $0 = inner }
      return nil
    }
    .subscribeCompleted(isolation: nil) {}
    subscription.dispose()
    #expect(innerDisposals.value == 0)
    kept.withLock { $0 }?.dispose()
    #expect(innerDisposals.value == 1)
  }
}

/// RACSubjectSpec's "should stop replaying when the subscription is disposed" (issue 26, item 5): a subscriber that
/// disposes itself after the first replayed value receives nothing more, and the replay stops there.
@Suite(.timeLimit(.minutes(1)))
struct ReplayStopsWhenTheSubscriberDisposesTests {
  static func history() -> ReplaySubject<Int, TestError> {
    let subject = ReplaySubject<Int, TestError>()
    for value in 0..<5 { subject.sendNext(value) }
    return subject
  }

  /// The subscriber holds its disposable before the replay starts: disposing itself from its closure stops it.
  @Test @MainActor func aSubscriberOnTheMainActor() {
    let subject = Self.history()
    var received: [Int] = []
    var subscriber: Subscriber<Int, TestError>?
    subscriber = Subscriber(next: { value in
      received.append(value)
      subscriber?.dispose()
    })
    subject.subscribe(subscriber!)
    subject.sendNext(5)
    #expect(received == [0])
    #expect(subject.subscriberCount == 0)
  }

  @Test func aSubscriberOnNoActorWithTheClassicName() {
    let subject = Self.history()
    let received = Locked<[Int]>([])
    let subscriber = WeakReference<Subscriber<Int, TestError>>()
    let strong = Subscriber<Int, TestError>(
      isolation: nil,
      next: { value in
        received.withLock { $0.append(value) }
        if value == 1 { subscriber.object?.dispose() }
      }
    )
    subscriber.object = strong
    subject.subscribeObserver(strong)
    #expect(received.withLock { $0 } == [0, 1])
    #expect(subject.subscriberCount == 0)
  }

  /// A subscriber that ended before subscribing receives no replay at all.
  @Test func aSubscriberThatHasEndedReceivesNoReplay() {
    let subject = Self.history()
    let received = Locked<[Int]>([])
    let subscriber = Subscriber<Int, TestError>(
      isolation: nil,
      next: { value in received.withLock { $0.append(value) } }
    )
    subscriber.dispose()
    subject.subscribe(subscriber)
    #expect(received.withLock { $0 } == [])
    #expect(subject.subscriberCount == 0)
  }

  /// The core's callback door stops a replay with an operator: `take(1)` disposes the subject's subscriber at the
  /// first replayed value.
  @Test @MainActor func coreCallbacksStopItWithTake() {
    let subject = Self.history()
    var received: [Int] = []
    subject.signal.take(1).subscribe(value: { received.append($0) })
    #expect(received == [0])
    #expect(subject.subscriberCount == 0)
  }

  @Test func aHandBuiltObserverStopsItWithTakeWhile() {
    let subject = Self.history()
    let recorder = TestRecorder<Int, TestError>()
    subject.signal.take(while: { $0 < 1 }).subscribe(
      Observer { event in recorder.observer.send(event: event) }
    )
    #expect(recorder.untimedEvents == [.value(0), .completed])
    #expect(subject.subscriberCount == 0)
  }

  /// A `for await` loop stops by leaving: it gets only the first value, and its subscription is removed.
  @Test func aForAwaitLoopStopsByLeaving() async throws {
    let subject = Self.history()
    var received: [Int] = []
    for try await value in subject {
      received.append(value)
      break
    }
    #expect(received == [0])
    #expect(subject.subscriberCount == 0)
  }
}
