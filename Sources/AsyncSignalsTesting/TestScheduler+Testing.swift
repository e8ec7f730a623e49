extension TestScheduler {
  /// Calls `observer` with each escape as the scheduler notices it, on the thread that noticed it, so that a
  /// test of the detection can wait for it without polling.
  package func _setEscapeObserver(_ observer: @escaping @Sendable (EscapedWork) -> Void) {
    setEscapeObserver(EscapeObserver(notify: observer))
  }
}

/// The test hook of ``TestScheduler/_setEscapeObserver(_:)``, in a struct so that the locked state holds no bare
/// closure.
struct EscapeObserver: Sendable {
  let notify: @Sendable (TestScheduler.EscapedWork) -> Void
}

/// An escape to hand to the hook once the scheduler's lock is released.
struct EscapeNotice {
  let observer: EscapeObserver
  let escape: TestScheduler.EscapedWork

  func deliver() {
    observer.notify(escape)
  }
}
