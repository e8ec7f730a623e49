import AsyncSignals
import AsyncSignalsTesting
import LegacyBridge
import TestSupport
import Testing

/// A completion-handler API whose completion the test fires by hand.
final class PendingRequest: Sendable {
  private let completion = Locked<(@Sendable (Result<Int, CallbackBridgeTests.Boom>) -> Void)?>(nil)
  let started = Counter()
  let cancelled = Counter()

  func start(_ completion: @escaping @Sendable (Result<Int, CallbackBridgeTests.Boom>) -> Void, _ lifetime: Lifetime) {
    started.increment()
    self.completion.withLock { $0 = completion }
    lifetime.onDispose { [self] in cancelled.increment() }
  }

  func complete(with result: Result<Int, CallbackBridgeTests.Boom>) {
    let completion = self.completion.withLock { $0 }
    completion?(result)
  }
}

@Suite(.timeLimit(.minutes(1)))
struct CallbackBridgeTests {
  struct Boom: Error, Equatable {}

  let request = PendingRequest()
  var signal: Signal<Int, Boom> {
    let request = request
    return Signal.withCompletionHandler { completion, lifetime in request.start(completion, lifetime) }
  }

  // MARK: Completion handler → signal

  @Test func resultValueIsSentThenCompletes() {
    let recorder = TestRecorder<Int, Boom>()
    signal.subscribe(recorder.observer)
    #expect(recorder.untimedEvents.isEmpty)
    request.complete(with: .success(7))
    #expect(recorder.untimedEvents == [.value(7), .completed])
    #expect(request.cancelled.value == 1)  // the finished subscription is disposed
  }

  @Test func resultFailureFails() {
    let recorder = TestRecorder<Int, Boom>()
    signal.subscribe(recorder.observer)
    request.complete(with: .failure(Boom()))
    #expect(recorder.untimedEvents == [.failed(Boom())])
  }

  @Test func onlyTheFirstCallCounts() {
    let recorder = TestRecorder<Int, Boom>()
    signal.subscribe(recorder.observer)
    request.complete(with: .success(1))
    request.complete(with: .success(2))
    request.complete(with: .failure(Boom()))
    #expect(recorder.untimedEvents == [.value(1), .completed])
  }

  @Test func eachSubscriptionStartsTheWork() {
    signal.subscribe(isolation: nil)
    signal.subscribe(isolation: nil)
    #expect(request.started.value == 2)
  }

  @Test func disposeCancelsAndIgnoresALateCall() {
    let recorder = TestRecorder<Int, Boom>()
    let subscription = signal.subscribe(recorder.observer)
    subscription.dispose()
    #expect(request.cancelled.value == 1)
    request.complete(with: .success(1))
    #expect(recorder.untimedEvents.isEmpty)
  }

  enum Outcome: Error, Equatable { case error, missing }

  @Test(arguments: [
    (Int?.some(3), false, Event<Int, Outcome>.value(3)), (nil, true, .failed(.error)), (3, true, .failed(.error)),
    (nil, false, .failed(.missing)),
  ])
  func optionalCompletionHandler(value: Int?, hasError: Bool, expected: Event<Int, Outcome>) {
    struct Failure: Error {}
    let recorder = TestRecorder<Int, Outcome>()
    Signal<Int, any Error>.withOptionalCompletionHandler { completion, _ in
      completion(value, hasError ? Failure() : nil)
    }
    .mapError { $0 is MissingResultError ? Outcome.missing : .error }
    .subscribe(recorder.observer)
    #expect(recorder.untimedEvents.first == expected)
    #expect(recorder.untimedEvents.count == (expected.value == nil ? 1 : 2))
  }

  // MARK: Signal → completion handler

  @Test func completionHandlerGetsTheSingleValue() {
    let results = TestRecorder<Result<Int, SingleValueError<Boom>>, Never>()
    Signal<Int, Boom>.just(4).subscribe(completionHandler: { results.observer.send($0) })
    #expect(results.values == [.success(4)])
  }

  @Test func completionHandlerGetsTheFailure() {
    let results = TestRecorder<Result<Int, SingleValueError<Boom>>, Never>()
    Signal<Int, Boom>.failure(Boom()).subscribe(completionHandler: { results.observer.send($0) })
    #expect(results.values == [.failure(.failed(Boom()))])
  }

  @Test func completionHandlerGetsNoValue() {
    let results = TestRecorder<Result<Int, SingleValueError<Boom>>, Never>()
    Signal<Int, Boom>.empty.subscribe(completionHandler: { results.observer.send($0) })
    #expect(results.values == [.failure(.noValue)])
  }

  @Test func secondValueEndsTheSubscription() {
    let results = TestRecorder<Result<Int, SingleValueError<Never>>, Never>()
    let subject = PassthroughSubject<Int, Never>()
    let disposed = Counter()
    subject.signal.on(disposed: { disposed.increment() }).subscribe(completionHandler: { results.observer.send($0) })
    subject.send(1)
    #expect(results.values.isEmpty)
    subject.send(2)
    #expect(results.values == [.failure(.moreThanOneValue)])
    #expect(disposed.value == 1)
    subject.complete()
    #expect(results.values.count == 1)
  }

  @Test func finishingEndsTheSubscription() {
    let weakRecorder = WeakReference<TestRecorder<Result<Int, SingleValueError<Boom>>, Never>>()
    let subscription: any Disposable = {
      let results = TestRecorder<Result<Int, SingleValueError<Boom>>, Never>()
      weakRecorder.object = results
      return signal.subscribe(completionHandler: { results.observer.send($0) })
    }()
    #expect(!subscription.isDisposed)
    request.complete(with: .success(1))
    #expect(subscription.isDisposed)
    #expect(weakRecorder.object == nil)
  }

  @Test func disposingCallsTheHandlerWithCancelledOnce() {
    let results = TestRecorder<Result<Int, SingleValueError<Boom>>, Never>()
    let subscription = signal.subscribe(completionHandler: { results.observer.send($0) })
    subscription.dispose()
    subscription.dispose()
    request.complete(with: .success(1))
    #expect(results.values == [.failure(.cancelled)])
    #expect(request.cancelled.value == 1)
  }

  @Test func optionalCompletionHandlerForm() {
    let values = TestRecorder<Int?, Never>()
    let errors = TestRecorder<SingleValueError<Boom>?, Never>()
    Signal<Int, Boom>.just(5).subscribe(optionalCompletionHandler: { value, error in
      values.observer.send(value)
      errors.observer.send(error)
    })
    Signal<Int, Boom>.empty.subscribe(optionalCompletionHandler: { value, error in
      values.observer.send(value)
      errors.observer.send(error)
    })
    #expect(values.values == [5, nil])
    #expect(errors.values == [nil, .noValue])
  }

  // MARK: async ↔ signal

  @Test func valueAwaitsTheSingleValue() async throws {
    let value = try await Signal<Int, Boom>(operation: { 9 }).value
    #expect(value == 9)
  }

  @Test func valueThrowsTheTypedFailure() async {
    await #expect(throws: SingleValueError<Boom>.failed(Boom())) {
      try await Signal<Int, Boom>(operation: { () async throws(Boom) -> Int in throw Boom() }).value
    }
    await #expect(throws: SingleValueError<Never>.moreThanOneValue) {
      try await Signal(values: [1, 2]).value
    }
  }

  @Test func cancellingTheAwaitingTaskDisposesTheSubscription() async {
    let subscribed = Gate()
    let disposed = Gate()
    let pending = Signal<Int, Never> { _, lifetime in
      lifetime.onDispose { disposed.open() }
      subscribed.open()
    }
    let waiter = Task { () -> Result<Int, SingleValueError<Never>> in
      do throws(SingleValueError<Never>) {
        return .success(try await pending.value)
      } catch {
        return .failure(error)
      }
    }
    await subscribed.wait()
    waiter.cancel()
    await disposed.wait()
    let result = await waiter.value
    #expect(result == .failure(.cancelled))
  }

  @Test func disposingAnAsyncFunctionSignalCancelsItsTask() async {
    let started = Gate()
    let cancelled = Gate()
    let finished = Gate()
    let recorder = TestRecorder<Int, Never>()
    let operation = Signal<Int, Never>(operation: { () async -> Int in
      await withTaskCancellationHandler {
        started.open()
        await cancelled.wait()
        finished.open()
        return 1
      } onCancel: {
        cancelled.open()
      }
    })
    let subscription = operation.subscribe(recorder.observer)
    await started.wait()
    subscription.dispose()
    await finished.wait()
    #expect(recorder.untimedEvents.isEmpty)
  }
}

@Suite struct SingleValueStateMachineTests {
  struct Boom: Error, Equatable {}

  @Test func valueThenCompletedSucceeds() {
    let results = TestRecorder<Result<Int, SingleValueError<Boom>>, Never>()
    var machine = SingleValueStateMachine<Int, Boom>(handler: { results.observer.send($0) })
    #expect(Self.run(machine.valueReceived(1)) == .none)
    #expect(Self.run(machine.completed()) == .callHandlerAndDispose)
    #expect(Self.run(machine.disposed()) == .none)
    #expect(results.values == [.success(1)])
  }

  @Test func secondValueDisposes() {
    let results = TestRecorder<Result<Int, SingleValueError<Boom>>, Never>()
    var machine = SingleValueStateMachine<Int, Boom>(handler: { results.observer.send($0) })
    _ = Self.run(machine.valueReceived(1))
    #expect(Self.run(machine.valueReceived(2)) == .callHandlerAndDispose)
    #expect(Self.run(machine.completed()) == .none)
    #expect(results.values == [.failure(.moreThanOneValue)])
  }

  @Test func disposedWhileWaitingCancels() {
    let results = TestRecorder<Result<Int, SingleValueError<Boom>>, Never>()
    var machine = SingleValueStateMachine<Int, Boom>(handler: { results.observer.send($0) })
    _ = Self.run(machine.valueReceived(1))
    #expect(Self.run(machine.disposed()) == .callHandlerAndDispose)
    #expect(Self.run(machine.failed(Boom())) == .none)
    #expect(results.values == [.failure(.cancelled)])
  }

  @Test func failedAndEmptyCompletion() {
    let results = TestRecorder<Result<Int, SingleValueError<Boom>>, Never>()
    var failing = SingleValueStateMachine<Int, Boom>(handler: { results.observer.send($0) })
    _ = Self.run(failing.failed(Boom()))
    var empty = SingleValueStateMachine<Int, Boom>(handler: { results.observer.send($0) })
    _ = Self.run(empty.completed())
    #expect(results.values == [.failure(.failed(Boom())), .failure(.noValue)])
  }

  enum ActionKind { case none, callHandlerAndDispose }

  /// Carries out the action's handler call, as the storage would, and names the action.
  static func run(_ action: SingleValueStateMachine<Int, Boom>.Action) -> ActionKind {
    switch action {
    case .none:
      return .none
    case .callHandlerAndDispose(let handler, let result):
      handler(result)
      return .callHandlerAndDispose
    }
  }
}
