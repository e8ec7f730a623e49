/// Why a signal did not produce exactly one value for ``AsyncSignals/Signal/value`` or
/// ``AsyncSignals/Signal/subscribe(completionHandler:)``.
///
/// The cases are closed: a single-value request can only end in these ways.
///
/// ```swift
/// do {
///   let user = try await api.user(id).value
/// } catch .failed(let failure) {
///   print("request failed", failure)
/// } catch {
///   print("no single value:", error)  // .noValue, .moreThanOneValue or .cancelled
/// }
/// ```
public enum SingleValueError<Failure: Error>: Error {
  /// The signal failed before completing with one value.
  case failed(Failure)
  /// The signal completed without sending a value.
  case noValue
  /// The signal sent a second value; the subscription was disposed at once.
  case moreThanOneValue
  /// The subscription was disposed, or the awaiting Task cancelled, before the signal ended.
  case cancelled
}

extension SingleValueError: Equatable where Failure: Equatable {}
