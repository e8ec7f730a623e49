import AsyncSignals
import AsyncSignalsTesting
import TestSupport
import Testing

@Suite(.timeLimit(.minutes(1)))
struct SignalTests {
  struct Boom: Error, Equatable {}

  @Test func bodyRunsOncePerSubscription() {
    let runs = Counter()
    let signal = Signal<Int, Never> { observer, _ in
      observer.send(runs.increment())
      observer.complete()
    }
    let first = TestRecorder<Int, Never>()
    let second = TestRecorder<Int, Never>()
    #expect(runs.value == 0)
    signal.subscribe(first.observer)
    signal.subscribe(second.observer)
    #expect(runs.value == 2)
    #expect(first.untimedEvents == [.value(1), .completed])
    #expect(second.untimedEvents == [.value(2), .completed])
  }

  @Test func twoForAwaitLoopsEachGetEveryValue() async {
    let signal = Signal(values: [1, 2, 3])
    var first: [Int] = []
    for await value in signal { first.append(value) }
    var second: [Int] = []
    for await value in signal { second.append(value) }
    #expect(first == [1, 2, 3])
    #expect(second == [1, 2, 3])
  }

  @Test func typedFailureIsThrownByForAwait() async {
    let signal = Signal<Int, Boom> { observer, _ in
      observer.send(1)
      observer.fail(Boom())
    }
    var received: [Int] = []
    let thrown: Boom? = await {
      do throws(Boom) {
        for try await value in signal { received.append(value) }
        return nil
      } catch {
        return error
      }
    }()
    #expect(received == [1])
    #expect(thrown == Boom())
  }

  @Test func iteratorReturnsNilAfterFailureWasThrown() async throws {
    var iterator = Signal<Int, Boom>.failure(Boom()).makeAsyncIterator()
    await #expect(throws: Boom.self) { try await iterator.next() }
    #expect(try await iterator.next() == nil)
  }

  @Test func callbacksReceiveEachKindOfEvent() {
    let values = Locked<[Int]>([])
    let failures = Counter()
    let completions = Counter()
    Signal(values: [1, 2]).subscribe(
      isolation: nil,
      value: { value in values.withLock { $0.append(value) } },
      completed: { completions.increment() }
    )
    Signal<Int, Boom>.failure(Boom()).subscribe(isolation: nil, failed: { _ in failures.increment() })
    #expect(values.withLock { $0 } == [1, 2])
    #expect(failures.value == 1)
    #expect(completions.value == 1)
  }

  @Test func asyncBodyCompletesWhenItReturnsAndFailsWhenItThrows() async throws {
    let succeeding = Signal<Int, Boom> { observer in
      await observer.send(1)
      await observer.send(2)
    }
    let failing = Signal<Int, Boom> { observer throws(Boom) in
      await observer.send(1)
      throw Boom()
    }
    #expect(try await collect(succeeding) == [1, 2])
    var received: [Int] = []
    do {
      for try await value in failing { received.append(value) }
      Issue.record("expected a failure")
    } catch {
      #expect(error == Boom())
    }
    #expect(received == [1])
  }

  @Test func asyncBodyDeliversToCallbackSubscribers() async {
    let recorder = TestRecorder<Int, Never>()
    let done = Gate()
    let signal = Signal<Int, Never> { observer in
      await observer.send(1)
      await observer.send(2)
    }
    signal.subscribe(
      Observer { event in
        recorder.observer.send(event: event)
        if event.isTerminal { done.open() }
      }
    )
    await done.wait()
    #expect(recorder.untimedEvents == [.value(1), .value(2), .completed])
  }
}

/// Collects every value of a signal.
private func collect<Value, Failure>(_ signal: Signal<Value, Failure>) async throws(Failure) -> [Value] {
  var values: [Value] = []
  for try await value in signal { values.append(value) }
  return values
}
