import AsyncSignals
import AsyncSignalsTesting
import TestSupport
import Testing

/// Contract: events follow `value* (failed | completed)?`, and the body's cleanup runs exactly once.
@Suite(.timeLimit(.minutes(1)))
struct GrammarTests {
  struct Boom: Error, Equatable {}

  @Test func nothingIsDeliveredAfterCompletion() {
    let recorder = TestRecorder<Int, Boom>()
    Signal<Int, Boom> { observer, _ in
      observer.send(1)
      observer.complete()
      observer.send(2)
      observer.fail(Boom())
      observer.complete()
    }.subscribe(recorder.observer)
    #expect(recorder.untimedEvents == [.value(1), .completed])
  }

  @Test func nothingIsDeliveredAfterFailure() {
    let recorder = TestRecorder<Int, Boom>()
    Signal<Int, Boom> { observer, _ in
      observer.fail(Boom())
      observer.send(2)
      observer.complete()
    }.subscribe(recorder.observer)
    #expect(recorder.untimedEvents == [.failed(Boom())])
  }

  @Test func nothingIsDeliveredAfterDisposal() {
    let recorder = TestRecorder<Int, Never>()
    let captured = Locked<Observer<Int, Never>?>(nil)
    let subscription = Signal<Int, Never> { observer, _ in
      captured.withLock { $0 = observer }
      observer.send(1)
    }.subscribe(recorder.observer)
    subscription.dispose()
    let observer = captured.withLock { $0 }
    observer?.send(2)
    observer?.complete()
    #expect(recorder.untimedEvents == [.value(1)])
  }

  @Test func subscriptionEndsItselfAfterATerminalEvent() {
    let subscription = Signal<Int, Never>.just(1).subscribe(isolation: nil)
    #expect(subscription.isDisposed)
  }

  @Test func cleanupRunsOnceAfterCompletion() {
    let cleanups = Counter()
    let recorder = TestRecorder<Int, Never>()
    let subscription = Signal<Int, Never> { observer, lifetime in
      lifetime.onDispose { cleanups.increment() }
      observer.send(1)
      observer.complete()
    }.subscribe(recorder.observer)
    subscription.dispose()
    #expect(cleanups.value == 1)
    #expect(recorder.untimedEvents == [.value(1), .completed])
  }

  @Test func cleanupRunsAfterTheTerminalEventIsDelivered() {
    let order = Locked<[String]>([])
    Signal<Int, Never> { observer, lifetime in
      lifetime.onDispose { order.withLock { $0.append("cleanup") } }
      observer.complete()
    }.subscribe(isolation: nil, completed: { order.withLock { $0.append("completed") } })
    #expect(order.withLock { $0 } == ["completed", "cleanup"])
  }

  @Test func cleanupRegisteredAfterTheBodyTerminatedStillRunsOnce() {
    let cleanups = Counter()
    Signal<Int, Never> { observer, lifetime in
      observer.complete()
      lifetime.onDispose { cleanups.increment() }
    }.subscribe(isolation: nil)
    #expect(cleanups.value == 1)
  }

  @Test func cleanupRunsOnceWhenDisposedRepeatedly() {
    let cleanups = Counter()
    let subscription = Signal<Int, Never> { _, lifetime in
      lifetime.onDispose { cleanups.increment() }
    }.subscribe(isolation: nil)
    #expect(cleanups.value == 0)
    subscription.dispose()
    subscription.dispose()
    #expect(cleanups.value == 1)
  }

  @Test func cleanupsRunInTheOrderAdded() {
    let order = Locked<[Int]>([])
    let subscription = Signal<Int, Never> { _, lifetime in
      lifetime.onDispose { order.withLock { $0.append(1) } }
      lifetime += ActionDisposable { order.withLock { $0.append(2) } }
      lifetime.onDispose { order.withLock { $0.append(3) } }
    }.subscribe(isolation: nil)
    subscription.dispose()
    #expect(order.withLock { $0 } == [1, 2, 3])
  }

  @Test func bodyThatSubscriberDisposesDuringDeliveryStopsAtOnce() {
    let recorder = TestRecorder<Int, Never>()
    let lifetime = Lifetime()
    Signal(values: 1...5).subscribe(
      Observer { event in
        recorder.observer.send(event: event)
        if event.value == 2 { lifetime.dispose() }
      },
      in: lifetime
    )
    #expect(recorder.untimedEvents == [.value(1), .value(2)])
  }
}

/// Contract: a send from inside an observer is queued and delivered after the current event, without deadlock.
@Suite(.timeLimit(.minutes(1)))
struct ReentrancyTests {
  @Test func reentrantSendIsDeliveredAfterTheCurrentEvent() {
    let captured = Locked<Observer<Int, Never>?>(nil)
    let recorder = TestRecorder<Int, Never>()
    let signal = Signal<Int, Never> { observer, _ in
      captured.withLock { $0 = observer }
      observer.send(1)
      observer.send(2)
      observer.complete()
    }
    signal.subscribe(
      Observer { event in
        recorder.observer.send(event: event)
        if event.value == 1 {
          captured.withLock { $0 }?.send(100)
          recorder.observer.send(event: .value(-1))  // marks the end of the delivery of 1
        }
      }
    )
    #expect(recorder.untimedEvents == [.value(1), .value(-1), .value(100), .value(2), .completed])
  }

  @Test func reentrantCompletionEndsTheStreamInOrder() {
    let captured = Locked<Observer<Int, Never>?>(nil)
    let recorder = TestRecorder<Int, Never>()
    Signal<Int, Never> { observer, _ in
      captured.withLock { $0 = observer }
      observer.send(1)
      observer.send(2)
    }.subscribe(
      Observer { event in
        recorder.observer.send(event: event)
        if event.value == 1 { captured.withLock { $0 }?.complete() }
      }
    )
    #expect(recorder.untimedEvents == [.value(1), .completed])
  }
}

/// Contract: while a synchronous body runs, its thread owns delivery.
///
/// A send from another thread meanwhile returns at once and is delivered after the body's current event, before
/// its next one; a terminal event the body sends ends the lifetime at once.
@Suite(.timeLimit(.minutes(1)))
struct SynchronousBodyTests {
  @Test func aSendFromAnotherThreadDuringTheBodyGoesOutBeforeTheBodysNextSend() {
    let recorder = TestRecorder<Int, Never>()
    Signal<Int, Never> { observer, _ in
      observer.send(1)
      // Returns once the other thread's send has returned: it queued rather than waiting for the body.
      runOnThreads(count: 1) { _ in observer.send(100) }
      observer.send(2)
      observer.complete()
    }.subscribe(recorder.observer)
    #expect(recorder.untimedEvents == [.value(1), .value(100), .value(2), .completed])
  }

  @Test func aSendFromAnotherThreadDuringTheBodysLastStepGoesOutWhenTheBodyReturns() {
    let recorder = TestRecorder<Int, Never>()
    let subscription = Signal<Int, Never> { observer, _ in
      observer.send(1)
      runOnThreads(count: 1) { _ in observer.send(100) }
    }.subscribe(recorder.observer)
    #expect(recorder.untimedEvents == [.value(1), .value(100)])
    subscription.dispose()
  }

  @Test func theBodySeesItsLifetimeEndRightAfterItSendsATerminalEvent() {
    let seen = Locked<[Bool]>([])
    Signal<Int, Never> { observer, lifetime in
      observer.send(1)
      seen.withLock { $0.append(lifetime.isDisposed) }
      observer.complete()
      seen.withLock { $0.append(lifetime.isDisposed) }
    }.subscribe(isolation: nil, value: { _ in })
    #expect(seen.withLock { $0 } == [false, true])
  }

  @Test func disposalFromAnotherThreadDuringTheBodyStopsItsLaterSends() {
    let recorder = TestRecorder<Int, Never>()
    let lifetime = Lifetime()
    Signal<Int, Never> { observer, _ in
      observer.send(1)
      runOnThreads(count: 1) { _ in lifetime.dispose() }
      observer.send(2)
    }.subscribe(recorder.observer, in: lifetime)
    #expect(recorder.untimedEvents == [.value(1)])
  }

  @Test func aBodyStartedInsideAnotherBodyOwnsItsOwnDelivery() {
    let recorder = TestRecorder<Int, Never>()
    let inner = Signal<Int, Never> { observer, _ in
      observer.send(10)
      observer.send(20)
      observer.complete()
    }
    Signal<Int, Never> { observer, lifetime in
      observer.send(1)
      inner.subscribe(isolation: nil, value: { observer.send($0 + 1) })
      observer.send(2)
      observer.complete()
    }.subscribe(recorder.observer)
    #expect(recorder.untimedEvents == [.value(1), .value(11), .value(21), .value(2), .completed])
  }
}
