import AsyncSignals

extension TestScheduler {
  /// Suspends the calling Task until virtual time reaches `deadline`.
  ///
  /// Returns at once when `deadline` has passed. The caller resumes inside the `advance` that reaches
  /// `deadline`; if it runs on this executor, it runs before `advance` returns.
  ///
  /// - Parameters:
  ///   - deadline: The virtual time to wake up at.
  ///   - tolerance: Ignored: virtual time is exact.
  /// - Throws: `CancellationError` when the Task is cancelled while sleeping.
  public func sleep(until deadline: SchedulerInstant, tolerance: Duration? = nil) async throws {
    try Task.checkCancellation()
    let id = Locked<UInt64?>(nil)
    try await withTaskCancellationHandler {
      try await withUnsafeThrowingContinuation { (continuation: UnsafeContinuation<Void, any Error>) in
        let thread = currentThreadID()
        let (queued, notice) = state.withLock { state -> (Bool, EscapeNotice?) in
          guard deadline > state.now else { return (false, nil) }
          let queuedID = state.insert(due: deadline, .wakeUp(continuation))
          id.withLock { $0 = queuedID }
          // Only a job this scheduler is running now resumes on it; any other sleeper resumes elsewhere. While an
          // `async` drive runs, the sleeper is actor work the drive waits for, and it resumes within the drive.
          return (true, state.runningThread == thread || state.drivingAsynchronously ? nil : state.noticeEscape(.sleep))
        }
        notice?.deliver()
        guard queued else {
          continuation.resume()
          return
        }
        // A cancellation that ran before the wake-up was queued found nothing to remove: handle it here.
        if Task.isCancelled {
          wakeUpCancelled(id)
        }
      }
    } onCancel: {
      wakeUpCancelled(id)
    }
  }

  func wakeUpCancelled(_ id: borrowing Locked<UInt64?>) {
    guard let queuedID = id.withLock({ $0 }) else { return }
    let removed = state.withLock { $0.remove(id: queuedID) }
    if case .wakeUp(let continuation)? = removed?.work {
      continuation.resume(throwing: CancellationError())
    }
  }
}
