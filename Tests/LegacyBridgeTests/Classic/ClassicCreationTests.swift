import AsyncSignals
import AsyncSignalsTesting
import LegacyBridge
import TestSupport
import Testing

@Suite(.timeLimit(.minutes(1)))
struct ClassicCreationTests {
  struct Boom: Error, Equatable {}

  @Test func createSignalRunsItsBlockPerSubscriptionAndDisposesItsCleanupOnce() {
    let runs = Counter()
    let cleanups = Counter()
    let signal = Signal<Int, Never>.createSignal { subscriber in
      subscriber.sendNext(runs.increment())
      subscriber.sendCompleted()
      return ActionDisposable { cleanups.increment() }
    }
    let recorder = TestRecorder<Int, Never>()
    signal.subscribeObserver(recorder.observer)
    signal.subscribeObserver(recorder.observer)
    #expect(recorder.untimedEvents == [.value(1), .completed, .value(2), .completed])
    #expect(cleanups.value == 2)
  }

  @Test func createSignalWithoutCleanupIsFine() {
    let recorder = TestRecorder<Int, Boom>()
    Signal<Int, Boom>.createSignal { subscriber in
      subscriber.sendError(Boom())
      return nil
    }.subscribeObserver(recorder.observer)
    #expect(recorder.untimedEvents == [.failed(Boom())])
  }

  @Test func disposingAClassicSubscriptionDisposesTheReturnedDisposable() {
    let cleanup = ActionDisposable()
    let subscription = Signal<Int, Never>.createSignal { _ in cleanup }.subscribeNext(isolation: nil) { _ in }
    #expect(!cleanup.isDisposed)
    subscription.dispose()
    #expect(cleanup.isDisposed)
  }

  @Test func classicConstructorsForwardToTheCore() {
    let recorder = TestRecorder<Int, Boom>()
    Signal<Int, Boom>.return(1).subscribeObserver(recorder.observer)
    Signal<Int, Boom>.error(Boom()).subscribeObserver(recorder.observer)
    Signal<Int, Boom>.defer { .return(2) }.subscribeObserver(recorder.observer)
    #expect(recorder.untimedEvents == [.value(1), .completed, .failed(Boom()), .value(2), .completed])
  }

  // MARK: - +try: (issue 26, item 8)

  /// RAC runs `+try:`'s block synchronously during subscription: its value has arrived when `subscribeNext`
  /// returns, and the block runs again for each subscription, not before the first.
  @Test @MainActor func tryDeliversItsValueBeforeSubscribeNextReturns() {
    let runs = Counter()
    let signal = Signal<Int, Boom>.try { () throws(Boom) in runs.increment() }
    #expect(runs.value == 0)
    var received: [String] = []
    signal.subscribeNext({ received.append("next \($0)") }, completed: { received.append("completed") })
    #expect(received == ["next 1", "completed"])
    signal.subscribeNext { received.append("next \($0)") }
    #expect(received == ["next 1", "completed", "next 2"])
  }

  /// The error the block throws has arrived when `subscribeError` returns.
  @Test @MainActor func tryDeliversItsFailureBeforeSubscribeErrorReturns() {
    var received: [Boom] = []
    Signal<Int, Boom>.try { () throws(Boom) in throw Boom() }.subscribeError { received.append($0) }
    #expect(received == [Boom()])
  }

  @Test func tryOnNoActorAndWithForAwait() async {
    let recorder = TestRecorder<Int, Boom>()
    Signal<Int, Boom>.try { () throws(Boom) in 7 }.subscribeObserver(recorder.observer)
    #expect(recorder.untimedEvents == [.value(7), .completed])

    var values: [Int] = []
    do {
      for try await value in Signal<Int, Boom>.try({ () throws(Boom) in 8 }) { values.append(value) }
    } catch {
      Issue.record("unexpected failure \(error)")
    }
    #expect(values == [8])
    await #expect(throws: Boom()) {
      for try await _ in Signal<Int, Boom>.try({ () throws(Boom) in throw Boom() }) {}
    }
  }

  @Test func classicSignalCanBeIteratedWithForAwait() async {
    let signal = Signal<Int, Never>.createSignal { subscriber in
      subscriber.sendNext(1)
      subscriber.sendNext(2)
      subscriber.sendCompleted()
      return nil
    }
    var received: [Int] = []
    for await value in signal { received.append(value) }
    #expect(received == [1, 2])
  }
}

@Suite(.timeLimit(.minutes(1)))
struct ClassicSubscriptionTests {
  struct Boom: Error, Equatable {}

  @Test func subscribeNextErrorCompletedReceivesEachKind() {
    let log = Locked<[String]>([])
    let append: @Sendable (String) -> Void = { entry in log.withLock { $0.append(entry) } }
    Signal<Int, Boom>.return(1).subscribeNext(
      isolation: nil,
      { append("next \($0)") },
      error: { _ in append("error") },
      completed: { append("completed") }
    )
    Signal<Int, Boom>.error(Boom()).subscribeNext(
      isolation: nil,
      { append("next \($0)") },
      error: { _ in append("error") },
      completed: { append("completed") }
    )
    Signal<Int, Boom>.return(2).subscribeNext(
      isolation: nil,
      { append("next \($0)") },
      completed: { append("completed") }
    )
    Signal<Int, Boom>.error(Boom()).subscribeNext(
      isolation: nil,
      { append("next \($0)") },
      error: { _ in append("error") }
    )
    Signal<Int, Boom>.error(Boom()).subscribeError(isolation: nil) { _ in append("error only") }
    Signal<Int, Boom>.return(3).subscribeCompleted(isolation: nil) { append("completed only") }
    Signal<Int, Boom>.return(4).subscribeNext(isolation: nil) { append("next only \($0)") }
    Signal<Int, Boom>.empty.subscribeError(isolation: nil, { _ in append("error") }, completed: { append("completed") })
    #expect(
      log.withLock { $0 } == [
        "next 1", "completed", "error", "next 2", "completed", "error", "error only", "completed only",
        "next only 4", "completed",
      ]
    )
  }

  @Test func anyAsyncSequenceCanBeSubscribedWithCallbacks() async {
    let done = Gate()
    let received = Locked<[Int]>([])
    let stream = AsyncStream<Int> { continuation in
      continuation.yield(1)
      continuation.yield(2)
      continuation.finish()
    }
    stream.subscribeNext(
      isolation: nil,
      { value in received.withLock { $0.append(value) } },
      completed: { done.open() }
    )
    await done.wait()
    #expect(received.withLock { $0 } == [1, 2])
  }
}
