import AsyncSignalsTesting

/// An object that opens a gate when it is released: the handshake for "everything that held it has let go".
///
/// Capture it in the closures handed to a scheduler and keep no other reference: once the scheduler has run
/// or dropped every one of them and released them, `released` opens. A check awaited behind it is ordered
/// after the last closure ran, with no sleep.
package final class ReleaseProbe: Sendable {
  private let released: Gate

  /// Creates a probe that opens `released` when it is deinitialised.
  package init(opening released: Gate) {
    self.released = released
  }

  deinit {
    released.open()
  }
}
