import AsyncSignals
import AsyncSignalsTesting
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A tiny HTTP/1.1 server on 127.0.0.1 for the URLSession bridge tests and the demo: an ephemeral port, canned
/// or computed responses, one connection at a time on its own thread, at most `maxConnections` connections, then
/// it stops by itself.
///
/// Every response carries `Connection: close`, so each request is one connection and ``requestCount(_:)``
/// counts requests exactly. A route is matched on the path alone; a handler sees the query too. The path
/// ``hangingPath`` never answers: the server opens ``hangingRequestReceived`` when the request arrived, waits for
/// the client to close the connection, then opens ``hangingConnectionClosed``.
package final class LocalHTTPServer: Sendable {
  /// A canned response.
  package struct Response: Sendable {
    package var status: Int
    package var body: String

    /// Creates a response with `status` and a plain-text `body`.
    package init(status: Int, body: String) {
      self.status = status
      self.body = body
    }
  }

  /// What a handler sees of a request: its path and its query items (percent-decoded; the last one of a name wins).
  package struct Request: Sendable {
    package var path: String
    package var query: [String: String]
  }

  /// Computes the response to a request, on the server's thread.
  package typealias Handler = @Sendable (Request) -> Response

  package static let hangingPath = "/hang"

  package let port: UInt16
  package let hangingRequestReceived = Gate()
  package let hangingConnectionClosed = Gate()
  /// Opens when the serving loop has ended and the listening socket is closed.
  package let stopped = Gate()

  private let listener: Int32
  private let routes: [String: Response]
  private let handlers: [String: Handler]
  private let counts = Locked<[String: Int]>([:])
  /// Whether `listener` is still open; guards `stop()` against shutting down a reused descriptor number.
  private let isListening = Locked(true)

  /// Starts serving at once on a new thread.
  ///
  /// - Parameters:
  ///   - routes: The canned response for each path; other paths answer 404.
  ///   - handlers: The computed response for each path; they win over `routes`.
  ///   - maxConnections: How many connections the server accepts before it stops by itself.
  /// - Throws: ``SocketError`` when a socket call fails.
  package init(routes: [String: Response], handlers: [String: Handler] = [:], maxConnections: Int) throws {
    let listener = try Self.makeSocket()
    var address = Self.loopback(port: 0)
    try Self.check(withSockaddr(&address) { bind(listener, $0, $1) }, "bind")
    try Self.check(listen(listener, 16), "listen")
    self.listener = listener
    port = try Self.boundPort(of: listener)
    self.routes = routes
    self.handlers = handlers
    let thread = Thread { [self] in serve(maxConnections: maxConnections) }
    thread.start()
  }

  /// `http://127.0.0.1:<port>`.
  package var baseURL: URL {
    URL(string: "http://127.0.0.1:\(port)")!
  }

  /// How many requests for `path` the server has read.
  package func requestCount(_ path: String) -> Int {
    counts.withLock { $0[path, default: 0] }
  }

  /// Wakes the serving thread if it is still waiting for a connection, so it stops.
  package func stop() {
    isListening.withLock { isListening in
      if isListening { shutdown(listener, Int32(SHUT_RDWR)) }
    }
  }

  private func serve(maxConnections: Int) {
    for _ in 0..<maxConnections {
      let connection = accept(listener, nil, nil)
      guard connection >= 0 else { break }
      handle(connection)
      close(connection)
    }
    isListening.withLock { isListening in
      isListening = false
      close(listener)
    }
    stopped.open()
  }

  private func handle(_ connection: Int32) {
    guard let request = readRequest(connection) else { return }
    let path = request.path
    counts.withLock { $0[path, default: 0] += 1 }
    if path == Self.hangingPath {
      hangingRequestReceived.open()
      var byte: UInt8 = 0
      while recv(connection, &byte, 1, 0) > 0 {}
      hangingConnectionClosed.open()
      return
    }
    let response = handlers[path]?(request) ?? routes[path] ?? Response(status: 404, body: "not found")
    let body = Array(response.body.utf8)
    let head =
      "HTTP/1.1 \(response.status) \(response.status == 200 ? "OK" : "Status")\r\n"
      + "Content-Type: text/plain\r\nContent-Length: \(body.count)\r\nConnection: close\r\n\r\n"
    let bytes = Array(head.utf8) + body
    var sent = 0
    while sent < bytes.count {
      let result = bytes[sent...].withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Self.noSignal) }
      guard result > 0 else { return }
      sent += result
    }
  }

  /// Reads up to the end of the request head and returns the request's path and query.
  private func readRequest(_ connection: Int32) -> Request? {
    var received: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 1024)
    while !received.ends(with: Array("\r\n\r\n".utf8)) && received.count < 64 * 1024 {
      let count = recv(connection, &buffer, buffer.count, 0)
      guard count > 0 else { return nil }
      received += buffer[..<count]
    }
    let requestLine = String(decoding: received, as: UTF8.self).split(separator: "\r\n").first ?? ""
    let parts = requestLine.split(separator: " ")
    guard parts.count >= 2 else { return nil }
    guard let target = URLComponents(string: String(parts[1])) else {
      return Request(path: String(parts[1]), query: [:])
    }
    var query: [String: String] = [:]
    for item in target.queryItems ?? [] {
      query[item.name] = item.value ?? ""
    }
    return Request(path: target.path, query: query)
  }

  // MARK: Socket helpers

  #if canImport(Darwin)
  static let streamType = SOCK_STREAM
  static let noSignal: Int32 = 0
  #else
  static let streamType = Int32(SOCK_STREAM.rawValue)
  static let noSignal = Int32(MSG_NOSIGNAL)
  #endif

  struct SocketError: Error, CustomStringConvertible {
    var call: String
    var errno: Int32
    var description: String { "\(call) failed: errno \(errno)" }
  }

  static func makeSocket() throws -> Int32 {
    let descriptor = socket(AF_INET, streamType, 0)
    try check(descriptor, "socket")
    #if canImport(Darwin)
    var on: Int32 = 1
    setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
    #endif
    return descriptor
  }

  static func loopback(port: UInt16) -> sockaddr_in {
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    return address
  }

  static func boundPort(of descriptor: Int32) throws -> UInt16 {
    var address = sockaddr_in()
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let result = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
    }
    try check(result, "getsockname")
    return UInt16(bigEndian: address.sin_port)
  }

  static func check(_ result: Int32, _ call: String) throws {
    guard result >= 0 else { throw SocketError(call: call, errno: errno) }
  }
}

/// A port on 127.0.0.1 that is bound but not listening, so connecting to it is refused.
package final class RefusingPort: Sendable {
  package let port: UInt16
  private let descriptor: Int32

  /// Binds an ephemeral port without listening on it.
  package init() throws {
    let descriptor = try LocalHTTPServer.makeSocket()
    self.descriptor = descriptor
    var address = LocalHTTPServer.loopback(port: 0)
    try LocalHTTPServer.check(withSockaddr(&address) { bind(descriptor, $0, $1) }, "bind")
    port = try LocalHTTPServer.boundPort(of: descriptor)
  }

  deinit {
    close(descriptor)
  }
}

private func withSockaddr(_ address: inout sockaddr_in, _ body: (UnsafePointer<sockaddr>, socklen_t) -> Int32) -> Int32
{
  withUnsafePointer(to: &address) {
    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
  }
}

extension Array where Element: Equatable {
  fileprivate func ends(with suffix: [Element]) -> Bool {
    count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix
  }
}
