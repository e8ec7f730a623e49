import AsyncSignals
import AsyncSignalsTesting
import TestSupport
import Testing

/// A main-actor UI object that is not `Sendable`, as an app's views are.
@MainActor private final class Label {
  var text = ""
  var history: [String] = []
}

/// An actor that subscribes and mutates its own state from the subscription's closure.
private actor Cache {
  var latest: [Int] = []
  var completed = false
  private var subscription: (any Disposable)?
  private let filled: Gate
  private let expectedCount: Int

  init(expecting count: Int, filled: Gate) {
    expectedCount = count
    self.filled = filled
  }

  func start(_ items: Signal<Int, Never>) {
    subscription = items.subscribe(
      value: { self.latest.append($0) },
      completed: {
        self.completed = true
        self.filled.open()
      }
    )
  }

  /// Subscribes to a subject with a current value, which must be there when `subscribe` returns.
  ///
  /// Then sends from the actor's own code, which no public API recognises as being on the actor: those values
  /// take a hop.
  func subscribeGetsTheCurrentValueAtOnceThenOwnSendsHop() -> (atSubscription: [Int], afterSends: [Int]) {
    let subject = CurrentValueSubject<Int, Never>(0)
    subscription = subject.subscribe(value: {
      self.latest.append($0)
      if self.latest.count == self.expectedCount { self.filled.open() }
    })
    let atSubscription = latest
    subject.send(1)
    subject.send(2)
    return (atSubscription, latest)
  }

  func startCounting(_ items: Signal<Int, Never>) {
    subscription = items.subscribe(value: {
      self.preconditionIsolated()
      self.latest.append($0)
      if self.latest.count == self.expectedCount { self.filled.open() }
    })
  }
}

@MainActor
@Suite(.timeLimit(.minutes(1))) struct IsolatedSubscriptionTests {
  @Test func aMainActorClosureTouchesMainActorStateAndValuesSentOnTheMainActorArriveAtOnce() {
    let label = Label()
    let subject = PassthroughSubject<String, Never>()
    let subscription = subject.subscribe(value: { [label] in label.text = $0 })
    subject.send("ada")
    #expect(label.text == "ada")  // delivered before `send` returned
    subject.send("grace")
    #expect(label.text == "grace")
    subscription.dispose()
    subject.send("nobody")
    #expect(label.text == "grace")
  }

  @Test func theCurrentValueArrivesDuringTheSubscription() {
    let label = Label()
    let subject = CurrentValueSubject<String, Never>("first")
    let subscription = subject.subscribe(value: { [label] in label.history.append($0) })
    #expect(label.history == ["first"])
    subject.send("second")
    #expect(label.history == ["first", "second"])
    subscription.dispose()
  }

  @Test func valuesSentFromAnotherThreadHopToTheMainActorInOrder() async {
    let label = Label()
    let done = Gate()
    let subject = PassthroughSubject<Int, Never>()
    let subscription = subject.subscribe(
      value: { [label] in
        MainActor.preconditionIsolated()
        label.history.append("\($0)")
      },
      completed: { done.open() }
    )
    runOnThreads(count: 1) { _ in
      for value in 0..<1_000 { subject.send(value) }
      subject.complete()
    }
    #expect(label.history.isEmpty)  // the main actor was busy here: the values wait for their hop
    await done.wait()
    #expect(label.history == (0..<1_000).map { "\($0)" })
    #expect(subscription.isDisposed)
  }

  @Test func anActorSubscribesAndMutatesItsOwnState() async {
    let filled = Gate()
    let cache = Cache(expecting: 3, filled: filled)
    await cache.start(Signal(values: [1, 2, 3]))
    await filled.wait()
    #expect(await cache.latest == [1, 2, 3])
    #expect(await cache.completed)
  }

  @Test func anActorGetsTheCurrentValueAtSubscriptionAndItsOwnSendsInOrderAfterAHop() async {
    let filled = Gate()
    let cache = Cache(expecting: 3, filled: filled)
    let (atSubscription, afterSends) = await cache.subscribeGetsTheCurrentValueAtOnceThenOwnSendsHop()
    #expect(atSubscription == [0])
    #expect(afterSends == [0])  // the hop runs after this job of the actor
    await filled.wait()
    #expect(await cache.latest == [0, 1, 2])
  }

  @Test func anActorGetsValuesFromAnotherThreadOnItself() async {
    let filled = Gate()
    let cache = Cache(expecting: 500, filled: filled)
    let subject = PassthroughSubject<Int, Never>()
    await cache.startCounting(subject.signal)
    runOnThreads(count: 1) { _ in
      for value in 0..<500 { subject.send(value) }
    }
    await filled.wait()
    #expect(await cache.latest == Array(0..<500))
  }

  @Test func nothingArrivesAfterADisposeOnTheMainActorEvenIfItWasOnItsWay() async {
    let label = Label()
    let subject = PassthroughSubject<Int, Never>()
    let subscription = subject.subscribe(value: { [label] in label.history.append("\($0)") })
    runOnThreads(count: 1) { _ in subject.send(1) }  // queued for a hop: the main actor is busy here
    subscription.dispose()
    // Whatever hop was scheduled runs before this test's continuation, which is enqueued after it.
    let later = Gate()
    Task { @MainActor in later.open() }
    await later.wait()
    #expect(label.history.isEmpty)
  }

  @Test func disposingFromInsideTheHandlerStopsATerminalEventThatFollowsAtOnce() {
    let label = Label()
    let subject = PassthroughSubject<Int, Never>()
    var subscription: (any Disposable)?
    subscription = subject.signal.take(1).subscribe(
      value: { [label] in
        label.history.append("\($0)")
        subscription?.dispose()
      },
      completed: { [label] in label.history.append("completed") }
    )
    subject.send(0)
    #expect(label.history == ["0"])
  }
}
