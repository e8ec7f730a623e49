import AsyncSignals
import AsyncSignalsTesting
import TestSupport
import Testing

/// Contract: disposing cancels the body's Tasks; cancelling the consuming Task disposes the subscription.
@Suite(.timeLimit(.minutes(1)))
struct CancellationTests {
  @Test func disposingCancelsATaskTheBodyStarted() async {
    let started = Gate()
    let cancelled = Gate()
    let signal = Signal<Int, Never> { _, lifetime in
      lifetime.task {
        await withTaskCancellationHandler {
          started.open()
          await cancelled.wait()
        } onCancel: {
          cancelled.open()
        }
      }
    }
    let subscription = signal.subscribe(isolation: nil)
    await started.wait()
    #expect(!cancelled.isOpen)
    subscription.dispose()
    await cancelled.wait()
    #expect(cancelled.isOpen)
  }

  @Test func disposingCancelsAnAsyncBody() async {
    let started = Gate()
    let cancelled = Gate()
    let signal = Signal<Int, Never> { observer in
      await withTaskCancellationHandler {
        await observer.send(1)
        started.open()
        await cancelled.wait()
      } onCancel: {
        cancelled.open()
      }
    }
    let recorder = TestRecorder<Int, Never>()
    let subscription = signal.subscribe(recorder.observer)
    await started.wait()
    subscription.dispose()
    await cancelled.wait()
    #expect(recorder.untimedEvents == [.value(1)])
  }

  @Test func taskStartedAfterDisposalNeverRuns() {
    let ran = Counter()
    let lifetime = Lifetime()
    lifetime.dispose()
    lifetime.task { ran.increment() }
    #expect(ran.value == 0)
  }

  @Test func cancellingTheConsumingTaskRunsTheBodysCleanup() async {
    let cleanedUp = Gate()
    let firstValue = Gate()
    let signal = Signal<Int, Never> { observer, lifetime in
      lifetime.onDispose { cleanedUp.open() }
      observer.send(1)
    }
    let consumer = Task {
      var received: [Int] = []
      for await value in signal {
        received.append(value)
        firstValue.open()
      }
      return received
    }
    await firstValue.wait()
    consumer.cancel()
    await cleanedUp.wait()
    #expect(await consumer.value == [1])
  }

  @Test func cancellingTheConsumingTaskCancelsAnAsyncBody() async {
    let bodyCancelled = Gate()
    let bodyFinished = Gate()
    let bodySawCancellation = Locked(false)
    let firstValue = Gate()
    let signal = Signal<Int, Never> { observer in
      await observer.send(1)
      await withTaskCancellationHandler {
        await bodyCancelled.wait()
      } onCancel: {
        bodyCancelled.open()
      }
      bodySawCancellation.withLock { $0 = Task.isCancelled }
      bodyFinished.open()
    }
    let consumer = Task {
      var received: [Int] = []
      for await value in signal {
        received.append(value)
        firstValue.open()
      }
      return received
    }
    await firstValue.wait()
    consumer.cancel()
    await bodyFinished.wait()
    #expect(bodySawCancellation.withLock { $0 })
    #expect(await consumer.value == [1])
  }

  /// Issue 21 part 3: a buffered batch used to be handed out whole, cancelled or not.
  @Test func cancellingTheConsumingTaskStopsTheLoopInTheMiddleOfABatch() async {
    let cleanups = Counter()
    let signal = Signal<Int, Never> { observer, lifetime in
      lifetime.onDispose { cleanups.increment() }
      for value in 1...100 { observer.send(value) }
      observer.complete()
    }
    let consumer = Task {
      var received: [Int] = []
      for await value in signal {
        received.append(value)
        if value == 2 { withUnsafeCurrentTask { $0?.cancel() } }
      }
      return (received, cleanups.value)
    }
    let (received, cleanupsWhenTheLoopEnded) = await consumer.value
    #expect(received == [1, 2])
    #expect(cleanupsWhenTheLoopEnded == 1)
  }

  @Test func breakingOutOfTheLoopDisposesTheSubscription() async {
    let cleanups = Counter()
    let signal = Signal<Int, Never> { observer, lifetime in
      lifetime.onDispose { cleanups.increment() }
      observer.send(1)
      observer.send(2)
    }
    for await _ in signal {
      break
    }
    #expect(cleanups.value == 1)
  }

  @Test func aLoopInAnAlreadyCancelledTaskNeverSubscribes() async {
    let runs = Counter()
    let signal = Signal<Int, Never> { observer, _ in
      runs.increment()
      observer.send(1)
    }
    let consumer = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      var received: [Int] = []
      for await value in signal { received.append(value) }
      return received
    }
    #expect(await consumer.value == [])
    #expect(runs.value == 0)
  }
}
