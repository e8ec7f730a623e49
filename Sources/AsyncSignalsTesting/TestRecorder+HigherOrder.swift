import AsyncSignals

extension TestScheduler {
  /// Subscribes to a signal of signals now, and to each inner signal at the virtual time it arrives, each with a
  /// recorder of its own.
  ///
  /// The result records, for each inner signal the outer sends, the recorder of that inner at the time it arrived,
  /// then the outer's terminal event. Each inner recorder has subscribed to its inner inside the delivery of the
  /// outer value, so it misses nothing a hot inner (a ``/AsyncSignals/GroupedSignal``'s) sends then, and a cold
  /// inner plays from that moment. Inners go on after the outer ends. Disposing the result ends the outer and every
  /// inner subscription. Compare with marbles through
  /// ``TestRecorder/expectMarbles(_:inner:values:failure:innerFailure:fileID:filePath:line:column:)``, where the
  /// times of an inner count from its arrival, as in RxJS.
  ///
  /// ```swift
  /// let scheduler = TestScheduler(frame: .seconds(1))
  /// let words = scheduler.makeColdSignal("-a-b-a|", values: ["a": "apple", "b": "bean"])
  /// let groups = scheduler.recordHigherOrder(words.signal.groupBy(\.first).map { $0.signal })
  /// scheduler.run()
  /// groups.values[0].values  // ["apple", "apple"], sent at 1 s and 5 s
  /// ```
  ///
  /// - Parameter signal: The signal of signals under test.
  /// - Returns: The recorder of the outer, whose values are the recorders of the inners.
  public func recordHigherOrder<Value, Failure, OuterFailure>(
    _ signal: Signal<Signal<Value, Failure>, OuterFailure>
  ) -> TestRecorder<TestRecorder<Value, Failure>, OuterFailure> {
    noteDriver()
    let recorder = TestRecorder<TestRecorder<Value, Failure>, OuterFailure>(scheduler: self)
    let outerObserver = recorder.observer
    let inners = Locked<[TestRecorder<Value, Failure>]>([])
    let outer = subscribeHere(
      signal,
      Observer { [self] event in
        switch event {
        case .value(let inner):
          let innerRecorder = TestRecorder<Value, Failure>(scheduler: self)
          inners.withLock { $0.append(innerRecorder) }
          outerObserver.send(innerRecorder)
          innerRecorder.own(subscribeHere(inner, innerRecorder.observer))
        case .failed(let failure):
          outerObserver.fail(failure)
        case .completed:
          outerObserver.complete()
        }
      }
    )
    recorder.own(
      ActionDisposable {
        outer.dispose()
        for inner in inners.withLock({ $0 }) {
          inner.dispose()
        }
      }
    )
    return recorder
  }
}
