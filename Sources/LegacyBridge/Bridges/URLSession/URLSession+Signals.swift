import AsyncSignals
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension URLSession {
  /// Signal bridges for this session, such as ``SignalBridge/data(for:acceptableStatusCodes:)``.
  ///
  /// ```swift
  /// let page = URLSession.shared.signals.data(for: URLRequest(url: pageURL))
  /// ```
  public var signals: SignalBridge<URLSession> {
    SignalBridge(self)
  }
}

extension SignalBridge where Base: URLSession {
  /// A cold signal that performs `request` once per subscription and sends the body and the HTTP response.
  ///
  /// Each subscription starts its own data task (ReactiveCocoa's `rac_sendAsynchronousRequest`); share one request
  /// between subscribers with ``/AsyncSignals/Signal/startOnFirstSubscription(replayingLast:)``. On success it sends one `(Data,
  /// HTTPURLResponse)` and completes, on the session's delegate queue. Disposing the subscription cancels the data task
  /// and sends nothing more. It fails with ``URLRequestError``: ``URLRequestError/Code/transport`` when the request
  /// cannot complete, ``URLRequestError/Code/unacceptableStatus`` when `acceptableStatusCodes` is given and the status
  /// is outside it, ``URLRequestError/Code/cancelled`` when someone else cancels the task, and
  /// ``URLRequestError/Code/nonHTTPResponse``.
  ///
  /// ```swift
  /// let user = URLSession.shared.signals
  ///   .data(for: URLRequest(url: userURL), acceptableStatusCodes: 200..<300)
  ///   .mapError(UserRequestError.request)  // a failure type that can also hold a decoding error
  ///   .tryMap { (data, _) throws(UserRequestError) in
  ///     do { return try JSONDecoder().decode(User.self, from: data) } catch { throw .decoding(error) }
  ///   }
  /// ```
  ///
  /// - Parameters:
  ///   - request: The request to perform for each subscription.
  ///   - acceptableStatusCodes: The status codes that count as success, or `nil` to accept every status.
  /// - Returns: A signal of one `(Data, HTTPURLResponse)`.
  public func data(
    for request: URLRequest,
    acceptableStatusCodes: Range<Int>? = nil
  ) -> Signal<
    (Data, HTTPURLResponse), URLRequestError
  > {
    let session = base
    return Signal { observer, lifetime in
      let task = session.dataTask(with: request) { data, response, error in
        switch Self.outcome(data: data, response: response, error: error, accepting: acceptableStatusCodes) {
        case .success(let value):
          observer.send(value)
          observer.complete()
        case .failure(let failure):
          observer.fail(failure)
        }
      }
      lifetime.onDispose { task.cancel() }
      guard !lifetime.isDisposed else { return }
      task.resume()
    }
  }

  /// A cold signal that fetches `url` once per subscription; see ``data(for:acceptableStatusCodes:)``.
  ///
  /// ```swift
  /// URLSession.shared.signals.data(from: url).subscribe(value: { data, response in print(response.statusCode) })
  /// ```
  ///
  /// - Parameters:
  ///   - url: The URL to fetch for each subscription.
  ///   - acceptableStatusCodes: The status codes that count as success, or `nil` to accept every status.
  /// - Returns: A signal of one `(Data, HTTPURLResponse)`.
  public func data(
    from url: URL,
    acceptableStatusCodes: Range<Int>? = nil
  ) -> Signal<
    (Data, HTTPURLResponse), URLRequestError
  > {
    data(for: URLRequest(url: url), acceptableStatusCodes: acceptableStatusCodes)
  }

  private static func outcome(
    data: Data?,
    response: URLResponse?,
    error: (any Error)?,
    accepting acceptableStatusCodes: Range<Int>?
  ) -> Result<(Data, HTTPURLResponse), URLRequestError> {
    if let error {
      let isCancelled = (error as? URLError)?.code == .cancelled
      return .failure(URLRequestError(isCancelled ? .cancelled : .transport, underlyingError: error))
    }
    guard let response = response as? HTTPURLResponse else {
      return .failure(URLRequestError(.nonHTTPResponse))
    }
    let body = data ?? Data()
    if let acceptableStatusCodes, !acceptableStatusCodes.contains(response.statusCode) {
      return .failure(URLRequestError(.unacceptableStatus, response: response, data: body))
    }
    return .success((body, response))
  }
}
