/// The failure of a ``AsyncSignals/Signal/withOptionalCompletionHandler(_:)`` signal whose handler was called with
/// neither a value nor an error.
///
/// ```swift
/// do { _ = try await signal.value } catch { print(error) }  // .failed(MissingResultError())
/// ```
public struct MissingResultError: Error, Hashable, Sendable {
  /// Creates the error.
  ///
  /// ```swift
  /// completion(.failure(MissingResultError()))
  /// ```
  public init() {}
}
