import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The typed failure of a request made through ``SignalBridge/data(for:acceptableStatusCodes:)``.
///
/// Switch on ``code``; it may gain cases, so match with `==` rather than exhaustively.
///
/// ```swift
/// session.signals.data(for: request, acceptableStatusCodes: 200..<300)
///   .subscribe(failed: { error in
///     if error.code == .unacceptableStatus { print("HTTP", error.response?.statusCode ?? 0) }
///   })
/// ```
public struct URLRequestError: Error, Sendable, CustomStringConvertible {
  /// The kind of failure.
  ///
  /// ```swift
  /// #expect(error.code == .transport)
  /// ```
  public struct Code: Hashable, Sendable, CustomStringConvertible {
    private enum Base: Hashable, Sendable {
      case transport, unacceptableStatus, cancelled, nonHTTPResponse
    }

    private let base: Base

    private init(_ base: Base) {
      self.base = base
    }

    /// The request did not complete: connection refused, DNS, TLS, timeout… ``URLRequestError/underlyingError``
    /// holds Foundation's error.
    public static let transport = Code(.transport)

    /// The server answered with a status code outside the accepted range; ``URLRequestError/response`` and
    /// ``URLRequestError/data`` hold the answer.
    public static let unacceptableStatus = Code(.unacceptableStatus)

    /// The data task was cancelled by something other than this subscription.
    ///
    /// For example the session was invalidated. Disposing the subscription sends nothing.
    public static let cancelled = Code(.cancelled)

    /// The response was not an HTTP response (for example a `file:` URL).
    public static let nonHTTPResponse = Code(.nonHTTPResponse)

    /// The code's name.
    public var description: String {
      "\(base)"
    }
  }

  /// The kind of failure.
  ///
  /// ```swift
  /// if error.code == .cancelled { return }
  /// ```
  public let code: Code

  /// Foundation's error for ``Code/transport`` and ``Code/cancelled`` failures.
  ///
  /// ```swift
  /// (error.underlyingError as? URLError)?.code  // .cannotConnectToHost
  /// ```
  public let underlyingError: (any Error)?

  /// The response, for ``Code/unacceptableStatus``.
  ///
  /// ```swift
  /// error.response?.statusCode  // 404
  /// ```
  public let response: HTTPURLResponse?

  /// The response body, for ``Code/unacceptableStatus``.
  ///
  /// ```swift
  /// String(decoding: error.data ?? Data(), as: UTF8.self)
  /// ```
  public let data: Data?

  init(_ code: Code, underlyingError: (any Error)? = nil, response: HTTPURLResponse? = nil, data: Data? = nil) {
    self.code = code
    self.underlyingError = underlyingError
    self.response = response
    self.data = data
  }

  /// The code, the status code if any, and the underlying error if any.
  public var description: String {
    var text = "URLRequestError(\(code)"
    if let response { text += ", status \(response.statusCode)" }
    if let underlyingError { text += ", \(underlyingError)" }
    return text + ")"
  }
}
