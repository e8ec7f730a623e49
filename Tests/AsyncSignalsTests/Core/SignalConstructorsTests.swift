import AsyncSignals
import AsyncSignalsTesting
import TestSupport
import Testing

@Suite(.timeLimit(.minutes(1)))
struct SignalConstructorsTests {
  struct Boom: Error, Equatable {}

  @Test func justSendsOneValueThenCompletes() {
    let recorder = TestRecorder<Int, Never>()
    Signal.just(7).subscribe(recorder.observer)
    #expect(recorder.untimedEvents == [.value(7), .completed])
  }

  @Test func justStopsWhenTheSubscriberDisposesDuringTheValue() {
    let recorder = TestRecorder<Int, Never>()
    let lifetime = Lifetime()
    let cleanups = Counter()
    lifetime.onDispose { cleanups.increment() }
    Signal.just(7).subscribe(
      Observer { event in
        recorder.observer.send(event: event)
        lifetime.dispose()
      },
      in: lifetime
    )
    #expect(recorder.untimedEvents == [.value(7)])
    #expect(cleanups.value == 1)
  }

  @Test func constantSignalsSendNothingIntoAnEndedLifetime() {
    let recorder = TestRecorder<Int, Boom>()
    let lifetime = Lifetime()
    lifetime.dispose()
    Signal<Int, Boom>.just(7).subscribe(recorder.observer, in: lifetime)
    Signal<Int, Boom>.empty.subscribe(recorder.observer, in: lifetime)
    Signal<Int, Boom>.failure(Boom()).subscribe(recorder.observer, in: lifetime)
    #expect(recorder.untimedEvents.isEmpty)
  }

  @Test func constantSignalsEndTheirLifetimeAfterTheTerminalEvent() {
    for signal in [Signal<Int, Boom>.just(1), .empty, .failure(Boom())] {
      let lifetime = Lifetime()
      signal.start(Observer { _ in }, in: lifetime)
      #expect(lifetime.isDisposed)
    }
  }

  @Test func emptyCompletesAtOnce() {
    let recorder = TestRecorder<Int, Never>()
    Signal.empty.subscribe(recorder.observer)
    #expect(recorder.untimedEvents == [.completed])
  }

  @Test func neverSendsNothingUntilDisposed() {
    let recorder = TestRecorder<Int, Never>()
    let subscription = Signal.never.subscribe(recorder.observer)
    #expect(recorder.untimedEvents.isEmpty)
    #expect(!subscription.isDisposed)
    subscription.dispose()
    #expect(subscription.isDisposed)
    #expect(recorder.untimedEvents.isEmpty)
  }

  @Test func failureFailsAtOnce() {
    let recorder = TestRecorder<Int, Boom>()
    Signal.failure(Boom()).subscribe(recorder.observer)
    #expect(recorder.untimedEvents == [.failed(Boom())])
  }

  @Test func deferredBuildsASignalPerSubscription() {
    let builds = Counter()
    let signal = Signal<Int, Never>.deferred { .just(builds.increment()) }
    #expect(builds.value == 0)
    let recorder = TestRecorder<Int, Never>()
    signal.subscribe(recorder.observer)
    signal.subscribe(recorder.observer)
    #expect(recorder.untimedEvents == [.value(1), .completed, .value(2), .completed])
  }

  @Test func valuesSendsASequenceInOrder() {
    let recorder = TestRecorder<Int, Never>()
    Signal(values: 1...4).subscribe(recorder.observer)
    #expect(recorder.untimedEvents == [.value(1), .value(2), .value(3), .value(4), .completed])
  }

  @Test func valuesCannotFailUnlessTheTypeSaysSo() {
    let inferred = Signal(values: [1, 2])
    let _: Signal<Int, Never> = inferred  // `Never` where nothing says otherwise
    let typed = Signal<Int, Boom>(values: [1, 2])
    let recorder = TestRecorder<Int, Boom>()
    Signal.concat(typed, .failure(Boom())).subscribe(recorder.observer)
    #expect(recorder.untimedEvents == [.value(1), .value(2), .failed(Boom())])
  }

  /// Every constructor takes any failure type: a test builds the inputs of a failing pipeline directly.
  @Test func everyConstructorMakesSignalsOfAnyFailureType() async throws {
    let recorder = TestRecorder<Int, Boom>()
    let synchronous: [Signal<Int, Boom>] = [
      Signal(values: [1]), .just(2), .empty, .never, .deferred { .just(3) }, .failure(Boom()),
    ]
    let subscriptions = synchronous.map { $0.subscribe(recorder.observer) }
    #expect(
      recorder.untimedEvents == [
        .value(1), .completed, .value(2), .completed, .completed, .value(3), .completed, .failed(Boom()),
      ]
    )
    for subscription in subscriptions { subscription.dispose() }
    let fromOperation = Signal(operation: { () throws(Boom) in 4 })  // Signal<Int, Boom>
    var received: [Int] = []
    for try await value in fromOperation { received.append(value) }
    #expect(received == [4])
  }

  @Test func valuesStopsReadingAnInfiniteSequenceOnDisposal() {
    let recorder = TestRecorder<Int, Never>()
    let lifetime = Lifetime()
    let signal = Signal(values: 1...)
    signal.subscribe(
      Observer { event in
        recorder.observer.send(event: event)
        if event.value == 3 { lifetime.dispose() }
      },
      in: lifetime
    )
    #expect(recorder.untimedEvents == [.value(1), .value(2), .value(3)])
  }

  @Test func asyncSequenceBecomesASignalPerSubscription() async {
    let signal = Signal(
      AsyncStream<Int> { continuation in
        continuation.yield(1)
        continuation.yield(2)
        continuation.finish()
      }
    )
    var received: [Int] = []
    for await value in signal { received.append(value) }
    #expect(received == [1, 2])
  }

  @Test func asyncSequencePropertyKeepsTheTypedFailure() async {
    let (stream, continuation) = AsyncThrowingStream<Int, any Error>.makeStream()
    continuation.yield(5)
    continuation.finish(throwing: Boom())
    let signal: Signal<Int, any Error> = stream.signal
    var received: [Int] = []
    do {
      for try await value in signal { received.append(value) }
      Issue.record("expected a failure")
    } catch {
      #expect(error is Boom)
    }
    #expect(received == [5])
  }

  @Test func asyncFunctionBecomesAOneValueSignal() async throws {
    let calls = Counter()
    let signal = Signal<Int, Boom>(operation: { calls.increment() * 10 })
    var received: [Int] = []
    for try await value in signal { received.append(value) }
    for try await value in signal { received.append(value) }
    #expect(received == [10, 20])
  }

  struct ReadError: Error, Equatable { let line: Int }

  /// An async body that throws names its error type in the closure (README, GettingStarted): without it Swift 6
  /// infers `throws(any Error)` and rejects the body.
  @Test func aThrowingAsyncBodyFailsWithItsTypedError() async {
    let lines = Signal<String, ReadError> { observer async throws(ReadError) in
      await observer.send("first line")
      throw ReadError(line: 2)
    }
    var received: [String] = []
    do {
      for try await line in lines { received.append(line) }
      Issue.record("expected a failure")
    } catch {
      #expect(error.line == 2)  // `error` is a ReadError, not `any Error`
    }
    #expect(received == ["first line"])
  }

  /// The failure type written once: `_` takes it from the closure's `throws(ReadError)`.
  @Test func aPlaceholderTakesTheFailureTypeFromTheBody() {
    let lines = Signal<String, _> { observer async throws(ReadError) in
      await observer.send("first line")
      throw ReadError(line: 2)
    }
    let typed: Signal<String, ReadError> = lines
    let scheduler = TestScheduler()
    let recorder = scheduler.record(typed)
    scheduler.run()
    #expect(recorder.untimedEvents == [.value("first line"), .failed(ReadError(line: 2))])
  }

  @Test func asyncFunctionThatThrowsFailsTheSignal() async {
    let signal = Signal<Int, Boom>(operation: { () async throws(Boom) -> Int in throw Boom() })
    await #expect(throws: Boom.self) {
      for try await _ in signal {}
    }
  }
}
