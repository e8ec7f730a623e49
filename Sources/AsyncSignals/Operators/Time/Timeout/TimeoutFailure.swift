/// The failure of ``Signal/timeout(after:scheduler:)`` and ``Signal/timeout(idle:scheduler:)``: either the time ran
/// out, or upstream failed.
///
/// It wraps upstream's typed failure, so the timed-out case composes with any signal, `Never`-failing ones
/// included. To keep upstream's failure type instead, use ``Signal/timeout(after:raising:scheduler:)``.
///
/// ```swift
/// do {
///   for try await page in pages.timeout(after: .seconds(10), scheduler: scheduler) { show(page) }
/// } catch .timedOut {
///   showRetry()
/// } catch .upstream(let error) {
///   show(error)
/// }
/// ```
public enum TimeoutFailure<Upstream: Error>: Error {
  /// The signal did not terminate within the allowed time.
  case timedOut
  /// Upstream failed with this failure before the time ran out.
  case upstream(Upstream)
}

extension TimeoutFailure: Equatable where Upstream: Equatable {}
extension TimeoutFailure: Hashable where Upstream: Hashable {}
