import AsyncSignals
import Foundation
import LegacyBridge
import LocalServer

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The backend of the demo: a local HTTP server on 127.0.0.1 (an ephemeral port) and a session that talks to it.
///
/// Each section starts its own server for exactly the requests it makes; the server stops by itself after
/// `maxConnections` requests, and `stop()` ends it early if a section fails first.
struct DemoServer: Sendable {
  /// The words `/search` looks up.
  static let dictionary = [
    "signal", "subscriber", "swift", "swift-format", "swiftui", "swing", "switch", "symbol",
  ]

  let server: LocalHTTPServer
  let session = URLSession(configuration: .ephemeral)

  /// Starts a server that answers `maxConnections` requests, then stops.
  ///
  /// Routes: `/hello`; `/greeting?name=`; `/profile?user=`; `/login?user=` (200) or without a user (401);
  /// `/search?q=` (the dictionary words starting with `q`).
  init(maxConnections: Int) throws {
    server = try LocalHTTPServer(
      routes: ["/hello": .init(status: 200, body: "hello from 127.0.0.1")],
      handlers: [
        "/greeting": { .init(status: 200, body: "hello, \($0.query["name"] ?? "stranger")!") },
        "/profile": { .init(status: 200, body: "\($0.query["user"] ?? "nobody")'s profile") },
        "/login": { request in
          guard let user = request.query["user"], !user.isEmpty else { return .init(status: 401, body: "who?") }
          return .init(status: 200, body: "welcome, \(user)")
        },
        "/search": { request in
          let term = request.query["q"] ?? ""
          let matches = Self.dictionary.filter { $0.hasPrefix(term) }
          return .init(
            status: 200,
            body: "\(matches.count) matches for \"\(term)\": \(matches.joined(separator: ", "))"
          )
        },
      ],
      maxConnections: maxConnections
    )
  }

  /// How many requests for `path` the server has read.
  func requestCount(_ path: String) -> Int {
    server.requestCount(path)
  }

  /// A cold signal that GETs `path` with `query` once per subscription and sends the body as text.
  ///
  /// A status outside 200..<300 fails it with ``URLRequestError``.
  func text(_ path: String, _ query: [String: String] = [:]) -> Signal<String, URLRequestError> {
    var components = URLComponents(url: server.baseURL.appendingPathComponent(path), resolvingAgainstBaseURL: false)!
    if !query.isEmpty {
      components.queryItems = query.sorted { $0.key < $1.key }.map { URLQueryItem(name: $0.key, value: $0.value) }
    }
    return session.signals.data(from: components.url!, acceptableStatusCodes: 200..<300)
      .map { data, _ in String(decoding: data, as: UTF8.self) }
  }

  /// Wakes the server if it still waits for a connection, so it stops.
  func stop() {
    server.stop()
  }
}
