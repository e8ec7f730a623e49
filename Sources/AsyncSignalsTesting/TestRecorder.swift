import AsyncSignals

/// Records every event it observes with the virtual time it arrived at, for comparing whole histories.
///
/// Make one with ``TestScheduler/record(_:)`` (subscribes now) or ``TestScheduler/start(subscribedAt:disposedAt:_:)``
/// (subscribes and disposes at given times), or subscribe ``observer`` yourself.
///
/// ```swift
/// let recorder = scheduler.record(signal.debounce(for: .seconds(1), scheduler: scheduler))
/// scheduler.run()
/// #expect(recorder.events == [.value(3, at: .seconds(2)), .completed(at: .seconds(5))])
/// ```
///
/// A recorder made without a scheduler, with ``init()``, is untimed: it records only the order of the events,
/// for tests without virtual time. Compare its history with ``untimedEvents``.
public final class TestRecorder<Value: Sendable, Failure: Error>: Disposable {
  private struct State {
    var events: [Recorded<Value, Failure>] = []
    var subscription: (any Disposable)?
    var isDisposed = false
  }

  /// The clock of the stamps; `nil` for an untimed recorder.
  let scheduler: TestScheduler?
  private let state = Locked(State())

  /// Creates a recorder stamping events with `scheduler`'s virtual time.
  ///
  /// ```swift
  /// let recorder = TestRecorder<Int, Never>(scheduler: scheduler)
  /// signal.subscribe(recorder.observer)
  /// ```
  ///
  /// - Parameter scheduler: The clock of the stamps.
  public init(scheduler: TestScheduler) {
    self.scheduler = scheduler
  }

  /// Creates an untimed recorder, which records only the order of the events.
  ///
  /// It stamps every event with `.zero`, and takes events from any task or thread, as there is no virtual time
  /// to check them against. Compare its history with ``untimedEvents`` or ``values``.
  ///
  /// ```swift
  /// let recorder = TestRecorder<Int, Never>()
  /// Signal(values: [1, 2]).subscribe(recorder.observer)
  /// #expect(recorder.untimedEvents == [.value(1), .value(2), .completed])
  /// ```
  public init() {
    self.scheduler = nil
  }

  /// An observer that records each event it receives.
  public var observer: Observer<Value, Failure> {
    Observer { [self] event in
      var time = Duration.zero
      if let scheduler {
        scheduler.checkOrigin(.eventRecorded)
        time = scheduler.now.offset
      }
      state.withLock { $0.events.append(Recorded(time: time, event: event)) }
    }
  }

  /// The events recorded so far, in order, with their virtual times.
  public var events: [Recorded<Value, Failure>] {
    state.withLock { $0.events }
  }

  /// The events recorded so far, in order, without times.
  ///
  /// Compare with it when only the order matters, as with an untimed recorder (``init()``):
  ///
  /// ```swift
  /// let recorder = TestRecorder<Int, Never>()
  /// Signal(values: [1, 2]).subscribe(recorder.observer)
  /// #expect(recorder.untimedEvents == [.value(1), .value(2), .completed])
  /// ```
  public var untimedEvents: [Event<Value, Failure>] {
    events.map(\.event)
  }

  /// The values recorded so far, in order, without times.
  public var values: [Value] {
    events.compactMap(\.event.value)
  }

  /// Whether ``dispose()`` has been called.
  public var isDisposed: Bool {
    state.withLock { $0.isDisposed }
  }

  /// Ends the recorded subscription, if it belongs to the recorder.
  public func dispose() {
    let subscription: (any Disposable)? = state.withLock { state in
      state.isDisposed = true
      let subscription = state.subscription
      state.subscription = nil
      return subscription
    }
    subscription?.dispose()
  }

  /// Makes the recorder own `subscription`, disposed with it.
  func own(_ subscription: any Disposable) {
    let disposeNow = state.withLock { state in
      if !state.isDisposed { state.subscription = subscription }
      return state.isDisposed
    }
    if disposeNow { subscription.dispose() }
  }
}

extension TestScheduler {
  /// Subscribes to `signal` now, with a recorder, so that its `async` work runs on this scheduler.
  ///
  /// Tasks the signal's body starts prefer this scheduler's executor: they make progress only in
  /// ``advance(by:)``, ``run()`` or ``step()``. Dispose the recorder to end the subscription.
  ///
  /// ```swift
  /// let recorder = scheduler.record(Signal(values: [1, 2]).delay(for: .seconds(1), scheduler: scheduler))
  /// scheduler.advance(by: .seconds(1))
  /// #expect(recorder.values == [1, 2])
  /// ```
  ///
  /// - Parameter signal: The signal under test.
  /// - Returns: The recorder, which owns the subscription.
  public func record<Value, Failure>(_ signal: Signal<Value, Failure>) -> TestRecorder<Value, Failure> {
    noteDriver()
    let recorder = TestRecorder<Value, Failure>(scheduler: self)
    recorder.own(subscribeHere(signal, recorder.observer))
    return recorder
  }

  /// Creates a signal now, subscribes to it at `subscribedAt`, disposes at `disposedAt`, and runs virtual time
  /// up to `disposedAt`; returns what was recorded (as RxTest's `start` does).
  ///
  /// ```swift
  /// let recorder = scheduler.start(subscribedAt: .seconds(1), disposedAt: .seconds(5)) {
  ///   source.signal.throttle(for: .seconds(1), scheduler: scheduler)
  /// }
  /// #expect(recorder.events == [.value(1, at: .seconds(1))])
  /// ```
  ///
  /// - Parameters:
  ///   - subscribedAt: The virtual time of the subscription.
  ///   - disposedAt: The virtual time of the disposal; also where the clock stops.
  ///   - makeSignal: Creates the signal under test, at once.
  /// - Returns: The recorder.
  public func start<Value, Failure>(
    subscribedAt: Duration = .zero,
    disposedAt: Duration = .seconds(1_000),
    _ makeSignal: () -> Signal<Value, Failure>
  ) -> TestRecorder<Value, Failure> {
    precondition(
      subscribedAt <= disposedAt,
      "start(subscribedAt:disposedAt:_:): subscribedAt (\(subscribedAt)) is after disposedAt (\(disposedAt))"
    )
    noteDriver()
    let signal = makeSignal()
    let recorder = TestRecorder<Value, Failure>(scheduler: self)
    schedule(at: subscribedAt) { [self] in
      recorder.own(subscribeHere(signal, recorder.observer))
    }
    schedule(at: disposedAt) {
      recorder.dispose()
    }
    advance(to: max(time, disposedAt))
    return recorder
  }

  /// Creates a signal at `createdAt`, subscribes to it at `subscribedAt`, disposes at `disposedAt`, and runs
  /// virtual time up to `disposedAt`; returns what was recorded (RxTest's `start(created:subscribed:disposed:)`).
  ///
  /// Unlike ``start(subscribedAt:disposedAt:_:)``, `makeSignal` runs later, in an action at `createdAt`, so that
  /// what it does when it runs (read a value, make a hot source) happens at that virtual time. Like
  /// ``perform(at:isolation:_:)``, it need not be `Sendable`.
  ///
  /// ```swift
  /// let recorder = scheduler.start(createdAt: .seconds(1), subscribedAt: .seconds(2), disposedAt: .seconds(10)) {
  ///   Signal<Int, Never>.interval(every: .seconds(3), scheduler: scheduler)
  /// }
  /// #expect(recorder.events == [.value(0, at: .seconds(5)), .value(1, at: .seconds(8))])
  /// ```
  ///
  /// - Parameters:
  ///   - createdAt: The virtual time at which `makeSignal` runs.
  ///   - subscribedAt: The virtual time of the subscription; not before `createdAt`.
  ///   - disposedAt: The virtual time of the disposal, not before `subscribedAt`; also where the clock stops.
  ///   - isolation: The actor `makeSignal` belongs to; leave the default, the caller's.
  ///   - makeSignal: Creates the signal under test.
  /// - Returns: The recorder.
  public func start<Value, Failure>(
    createdAt: Duration,
    subscribedAt: Duration,
    disposedAt: Duration = .seconds(1_000),
    isolation: isolated (any Actor)? = #isolation,
    _ makeSignal: @escaping () -> Signal<Value, Failure>
  ) -> TestRecorder<Value, Failure> {
    precondition(
      createdAt <= subscribedAt && subscribedAt <= disposedAt,
      "start(createdAt:subscribedAt:disposedAt:_:): the times must be in order, got \(createdAt), \(subscribedAt), "
        + "\(disposedAt)"
    )
    noteDriver()
    let created = Locked<Signal<Value, Failure>?>(nil)
    let recorder = TestRecorder<Value, Failure>(scheduler: self)
    perform(at: createdAt) {
      let signal = makeSignal()
      created.withLock { $0 = signal }
    }
    schedule(at: subscribedAt) { [self] in
      guard let signal = created.withLock({ $0 }) else { return }
      recorder.own(subscribeHere(signal, recorder.observer))
    }
    schedule(at: disposedAt) {
      recorder.dispose()
    }
    advance(to: max(time, disposedAt))
    return recorder
  }

  /// Subscribes `observer` with this scheduler's executor preference bound.
  func subscribeHere<Value, Failure>(
    _ signal: Signal<Value, Failure>,
    _ observer: Observer<Value, Failure>
  ) -> any Disposable {
    Lifetime.withExecutorPreference(self) { signal.subscribe(observer) }
  }
}
