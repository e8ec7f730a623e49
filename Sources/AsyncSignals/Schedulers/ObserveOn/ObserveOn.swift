extension Signal {
  /// Delivers every event on `scheduler`, serially, in order and in grammar.
  ///
  /// Events from upstream are queued as they arrive and drained by one action on `scheduler` at a time, so
  /// the downstream observer is never called concurrently, sees events in the order they were sent, and sees
  /// nothing after a terminal event, whatever the scheduler (even an ``ExecutorScheduler`` that may run two
  /// actions at once). The queue is unbounded: a slow scheduler makes it grow. A failure waits its turn
  /// behind the values queued before it. Disposing drops the queue and cancels the pending drain.
  ///
  /// ```swift
  /// downloads
  ///   .observe(on: MainScheduler.shared)
  ///   .subscribe(value: { progressView.progress = $0 })  // on the main thread
  /// ```
  ///
  /// - Parameter scheduler: Where the downstream observer is called.
  /// - Returns: A signal that delivers this one's events on `scheduler`.
  public func observe(on scheduler: some Scheduler) -> Signal {
    observe(on: scheduler, deliveringAtOnceWhen: nil)
  }

  /// ``observe(on:)``, except that an event that arrives while `isOnTarget()` says the thread already runs where
  /// `scheduler` does, with nothing queued ahead of it, is delivered at once (RAC's `deliverOnMainThread`).
  package func observe(
    on scheduler: some Scheduler,
    deliveringAtOnceWhen isOnTarget: (@Sendable () -> Bool)?
  ) -> Signal {
    derived({ downstream, lifetime in
      let storage = ObserveOnStorage(downstream: downstream, scheduler: scheduler, isOnTarget: isOnTarget)
      lifetime.add(storage)
      // Upstream ends its own (child) lifetime after its terminal event; ours lasts until that event has been
      // delivered on the scheduler, and then the subscriber ends it.
      start(Observer { storage.eventReceived($0) }, in: lifetime.makeChild())
    })
  }
}
