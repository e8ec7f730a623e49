/// The failure of ``AsyncSignals/Signal/switch(_:cases:)``: a key had no case, or a signal failed.
///
/// RAC's `+switch:cases:default:` without a default fails with `RACSignalErrorNoMatchingCase` when the key signal
/// sends a key that `cases` does not contain; this is that failure, typed, with the key. It wraps the failure of
/// the key signal and of the cases, so the unknown-key case composes with any signal, `Never`-failing ones
/// included.
///
/// ```swift
/// Signal.switch(tab, cases: [0: home, 1: search]).subscribeError { error in
///   if case .noMatchingCase(let key) = error { print("no screen for tab", key) }
/// }
/// ```
public enum SwitchFailure<Key: Hashable & Sendable, Upstream: Error>: Error {
  /// The key signal sent `Key`, which has no case.
  case noMatchingCase(Key)
  /// The key signal or the current case failed with this failure.
  case upstream(Upstream)
}

extension SwitchFailure: Equatable where Upstream: Equatable {}
