import AsyncSignals
import AsyncSignalsTesting
import Dispatch
import TestSupport
import Testing

@Suite(.timeLimit(.minutes(1)))
struct ObserveOnTests {
  struct Boom: Error, Equatable {}

  let scheduler = TestScheduler()

  @Test func deliversOnTheTargetQueue() async {
    let key = DispatchSpecificKey<String>()
    let queue = DispatchQueue(label: "observe-on")
    queue.setSpecific(key: key, value: "target")
    let target = QueueScheduler(queue: queue)
    let labels = Locked<[String?]>([])
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      Signal(values: [1, 2, 3]).observe(on: target).subscribe(
        isolation: nil,
        value: { _ in
          let label = DispatchQueue.getSpecific(key: key)
          labels.withLock { $0.append(label) }
        },
        completed: {
          let label = DispatchQueue.getSpecific(key: key)
          labels.withLock { $0.append(label) }
          done.resume()
        }
      )
    }
    #expect(labels.withLock { $0 } == ["target", "target", "target", "target"])
  }

  @Test func keepsOrderAndGrammarOnAConcurrentExecutor() async {
    let values = UnsynchronizedBox<[Int]>([])
    let target = ExecutorScheduler(globalConcurrentExecutor)
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      Signal(values: 0..<500).observe(on: target).subscribe(
        isolation: nil,
        value: { values.value.append($0) },
        completed: { done.resume() }
      )
    }
    #expect(values.value == Array(0..<500))
  }

  @Test func deliversAtTheSchedulersTimeInOrder() {
    let source = scheduler.makeHotSignal(
      [
        .value(1, at: .seconds(1)),
        .value(2, at: .seconds(1)),
        .completed(at: .seconds(2)),
      ] as [Recorded<Int, Never>]
    )
    let recorder = scheduler.start { source.signal.observe(on: scheduler) }
    #expect(
      recorder.events == [.value(1, at: .seconds(1)), .value(2, at: .seconds(1)), .completed(at: .seconds(2))]
    )
  }

  @Test func nothingIsDeliveredOutsideTheSchedulersActions() {
    let recorder = scheduler.record(
      Signal<Int, Boom> { observer, _ in
        observer.send(1)
        observer.fail(Boom())
      }.observe(on: scheduler)
    )
    #expect(recorder.events == [])
    scheduler.advance()
    #expect(recorder.events == [.value(1, at: .zero), .failed(Boom(), at: .zero)])
  }

  @Test func disposingDropsQueuedEventsAndCancelsTheDrain() {
    let recorder = scheduler.record(Signal(values: [1, 2]).observe(on: scheduler))
    #expect(scheduler.pendingCount == 1)
    recorder.dispose()
    #expect(scheduler.pendingCount == 0)
    scheduler.run()
    #expect(recorder.events == [])
  }

  @Test func immediateSchedulerDeliversInlineAndSerially() {
    let recorder = TestRecorder<Int, Never>()
    Signal(values: [1, 2]).observe(on: ImmediateScheduler()).subscribe(recorder.observer)
    #expect(recorder.untimedEvents == [.value(1), .value(2), .completed])
  }
}

@Suite(.timeLimit(.minutes(1)))
struct SubscribeOnTests {
  let scheduler = TestScheduler()

  @Test func runsTheBodyOnTheTargetQueue() async {
    let key = DispatchSpecificKey<String>()
    let queue = DispatchQueue(label: "subscribe-on")
    queue.setSpecific(key: key, value: "target")
    let target = QueueScheduler(queue: queue)
    let label = Locked<String?>(nil)
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      Signal<Int, Never> { observer, _ in
        let current = DispatchQueue.getSpecific(key: key)
        label.withLock { $0 = current }
        observer.complete()
      }
      .subscribe(on: target)
      .subscribe(isolation: nil, completed: { done.resume() })
    }
    #expect(label.withLock { $0 } == "target")
  }

  @Test func runsAnAsyncBodyOnTheTargetExecutor() async {
    let key = DispatchSpecificKey<String>()
    let queue = DispatchQueue(label: "subscribe-on-async")
    queue.setSpecific(key: key, value: "target")
    let target = QueueScheduler(queue: queue)
    let labels = Locked<[String?]>([])
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      Signal<Int, Never> { observer in
        let before = DispatchQueue.getSpecific(key: key)
        await observer.send(1)
        let after = await Self.hopThroughTheGlobalExecutor { DispatchQueue.getSpecific(key: key) }
        labels.withLock { $0 += [before, after] }
      }
      .subscribe(on: target)
      .subscribe(isolation: nil, completed: { done.resume() })
    }
    // The body runs on the queue; a nonisolated async call made from it runs there too (preference).
    #expect(labels.withLock { $0 } == ["target", "target"])
  }

  nonisolated static func hopThroughTheGlobalExecutor(_ body: @Sendable () -> String?) async -> String? {
    body()
  }

  @Test func subscribesWhenTheSchedulerRunsTheAction() {
    let source = scheduler.makeColdSignal([.value(1, at: .seconds(1))] as [Recorded<Int, Never>])
    let recorder = scheduler.record(source.signal.subscribe(on: scheduler))
    #expect(source.subscriptions == [])
    scheduler.advance(by: .seconds(1))
    #expect(recorder.events == [.value(1, at: .seconds(1))])
    #expect(source.subscriptions == [TestSubscription(subscribedAt: .zero, disposedAt: nil)])
  }

  @Test func disposingFirstNeverRunsTheBody() {
    let runs = Counter()
    let recorder = scheduler.record(Signal<Int, Never> { _, _ in runs.increment() }.subscribe(on: scheduler))
    recorder.dispose()
    scheduler.run()
    #expect(runs.value == 0)
  }
}
