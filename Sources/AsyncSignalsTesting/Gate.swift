import AsyncSignals

/// A one-shot latch: `wait()` suspends until `open()` has been called (before or after).
///
/// Tests, the local server and the demo use it as an explicit handshake between tasks instead of sleeping or
/// yielding. It is `package`, not public: a tool of this package's own tests and demo, not part of the testing
/// library's API.
package final class Gate: Sendable {
  private enum State {
    case closed(waiters: [UnsafeContinuation<Void, Never>])
    case open
  }

  private let state = Locked(State.closed(waiters: []))

  /// Creates a closed gate.
  package init() {}

  /// Whether the gate has been opened.
  package var isOpen: Bool {
    state.withLock {
      if case .open = $0 { true } else { false }
    }
  }

  /// Opens the gate and resumes everybody waiting; idempotent.
  package func open() {
    let waiters: [UnsafeContinuation<Void, Never>] = state.withLock {
      guard case .closed(let waiters) = $0 else { return [] }
      $0 = .open
      return waiters
    }
    for waiter in waiters {
      waiter.resume()
    }
  }

  /// Returns once the gate is open.
  package func wait() async {
    await withUnsafeContinuation { (waiter: UnsafeContinuation<Void, Never>) in
      let resumeNow: Bool = state.withLock {
        switch $0 {
        case .closed(var waiters):
          waiters.append(waiter)
          $0 = .closed(waiters: waiters)
          return false
        case .open:
          return true
        }
      }
      if resumeNow { waiter.resume() }
    }
  }
}
