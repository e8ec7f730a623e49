extension Signal {
  /// Starts each subscription on `scheduler`: the body runs there, and its `async` work runs on the
  /// scheduler's executor.
  ///
  /// Subscribing returns at once; the signal's body (and every upstream operator's subscription) runs later,
  /// in an action on `scheduler`. Tasks the body starts through its ``Lifetime`` prefer the scheduler's
  /// ``Scheduler/executorPreference``, so with a ``QueueScheduler`` an `async` body runs on the queue, and with
  /// the `TestScheduler` it runs when the test advances time. So do the Tasks of every subscription started
  /// later within it (the inner signals of a flattening operator, the rounds of `retry`), wherever the event
  /// that starts them comes from. Disposing before the action runs cancels it and
  /// the body never runs. Events are delivered wherever the body sends them; combine with
  /// ``observe(on:)`` to move delivery too.
  ///
  /// ```swift
  /// let rows = Signal<Row, DBError> { observer, _ in
  ///   for row in database.readAll() { observer.send(row) }  // runs on the database queue
  ///   observer.complete()
  /// }
  /// rows.subscribe(on: databaseScheduler).subscribe(value: { show($0) })
  /// ```
  ///
  /// - Parameter scheduler: Where subscriptions start.
  /// - Returns: A signal that subscribes to this one on `scheduler`.
  public func subscribe(on scheduler: some Scheduler) -> Signal {
    derived({ downstream, lifetime in
      let scheduled = scheduler.schedule {
        guard !lifetime.isDisposed else { return }
        scheduler.withExecutorPreference {
          start(downstream, in: lifetime.makeChild(preferring: scheduler.executorPreference))
        }
      }
      if let scheduled {
        lifetime.add(scheduled)
      }
    })
  }
}
