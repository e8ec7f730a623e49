import AsyncSignals
import AsyncSignalsTesting
import Foundation
import LocalServer
import TestSupport
import Testing

@testable import LegacyBridge

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite(.timeLimit(.minutes(1)))
struct URLSessionBridgeTests {
  let session = URLSession(configuration: .ephemeral)

  typealias Reply = (Data, HTTPURLResponse)

  func fetch(_ url: URL, acceptableStatusCodes: Range<Int>? = nil) async -> Result<Reply, URLRequestError> {
    do throws(SingleValueError<URLRequestError>) {
      return .success(try await session.signals.data(from: url, acceptableStatusCodes: acceptableStatusCodes).value)
    } catch {
      switch error {
      case .failed(let failure): return .failure(failure)
      case .noValue, .moreThanOneValue, .cancelled: Issue.record("unexpected \(error)")
      }
      return .failure(URLRequestError.unexpected)
    }
  }

  @Test func successDeliversBodyAndResponse() async throws {
    let server = try LocalHTTPServer(routes: ["/hello": .init(status: 200, body: "hello, signals")], maxConnections: 1)
    defer { server.stop() }
    let (data, response) = try await fetch(server.baseURL.appendingPathComponent("hello")).get()

    #expect(String(decoding: data, as: UTF8.self) == "hello, signals")
    #expect(response.statusCode == 200)
    #expect(server.requestCount("/hello") == 1)
    await server.stopped.wait()
  }

  @Test func notFoundIsAValueUnlessAsked() async throws {
    let server = try LocalHTTPServer(routes: [:], maxConnections: 2)
    defer { server.stop() }
    let url = server.baseURL.appendingPathComponent("missing")

    let (_, response) = try await fetch(url).get()
    #expect(response.statusCode == 404)

    let failure = try #require(await fetch(url, acceptableStatusCodes: 200..<300).failure)
    #expect(failure.code == .unacceptableStatus)
    #expect(failure.response?.statusCode == 404)
    #expect(failure.data.map { String(decoding: $0, as: UTF8.self) } == "not found")
    #expect(server.requestCount("/missing") == 2)
    await server.stopped.wait()
  }

  @Test func connectionRefusedIsATransportFailure() async throws {
    let refusing = try RefusingPort()
    let failure = try #require(await fetch(URL(string: "http://127.0.0.1:\(refusing.port)/")!).failure)

    #expect(failure.code == .transport)
    #expect(failure.underlyingError is URLError)
    withExtendedLifetime(refusing) {}
  }

  @Test func disposingMidFlightCancelsTheTask() async throws {
    let server = try LocalHTTPServer(routes: [:], maxConnections: 1)
    defer { server.stop() }
    let recorder = TestRecorder<Reply, URLRequestError>()
    let subscription = session.signals.data(from: server.baseURL.appendingPathComponent("hang"))
      .subscribe(recorder.observer)

    await server.hangingRequestReceived.wait()
    subscription.dispose()
    await server.hangingConnectionClosed.wait()

    #expect(recorder.untimedEvents.isEmpty)
    #expect(server.requestCount(LocalHTTPServer.hangingPath) == 1)
    await server.stopped.wait()
  }

  @Test func cancellingTheTaskFromOutsideIsACancelledFailure() async throws {
    let server = try LocalHTTPServer(routes: [:], maxConnections: 1)
    defer { server.stop() }
    let recorder = TestRecorder<Reply, URLRequestError>()
    let ended = Gate()
    let subscription = session.signals.data(from: server.baseURL.appendingPathComponent("hang")).subscribe(
      Observer { event in
        recorder.observer.send(event: event)
        if event.isTerminal { ended.open() }
      }
    )

    await server.hangingRequestReceived.wait()
    // Not a disposal: the session cancels its own tasks, as when someone else cancels the data task.
    session.invalidateAndCancel()
    await ended.wait()

    let events = recorder.untimedEvents
    #expect(events.count == 1)
    let failure = try #require(events.first?.failure)
    #expect(failure.code == .cancelled)
    #expect((failure.underlyingError as? URLError)?.code == .cancelled)
    await server.hangingConnectionClosed.wait()
    #expect(server.requestCount(LocalHTTPServer.hangingPath) == 1)
    subscription.dispose()
    await server.stopped.wait()
  }

  @Test func eachSubscriptionSendsTheRequestOnce() async throws {
    let server = try LocalHTTPServer(routes: ["/count": .init(status: 200, body: "ok")], maxConnections: 3)
    defer { server.stop() }
    let request = session.signals.data(from: server.baseURL.appendingPathComponent("count"))
    #expect(server.requestCount("/count") == 0)  // cold: nothing before subscribing

    for expected in 1...3 {
      let (data, _) = try await request.value
      #expect(data == Data("ok".utf8))
      #expect(server.requestCount("/count") == expected)
    }
    await server.stopped.wait()
  }

  @Test func startOnFirstSubscriptionSendsTheRequestOnceInTotal() async throws {
    let server = try LocalHTTPServer(routes: ["/shared": .init(status: 200, body: "shared")], maxConnections: 1)
    defer { server.stop() }
    let shared = session.signals.data(from: server.baseURL.appendingPathComponent("shared"))
      .startOnFirstSubscription()

    let first = try await shared.value
    let second = try await shared.value
    let third = try await shared.map { data, _ in String(decoding: data, as: UTF8.self) }.value

    #expect(first.0 == second.0)
    #expect(third == "shared")
    #expect(server.requestCount("/shared") == 1)
    await server.stopped.wait()
  }
}

extension URLRequestError {
  /// A placeholder for a test that already recorded an issue.
  fileprivate static let unexpected = URLRequestError(.cancelled)
}

extension Result {
  fileprivate var failure: Failure? {
    if case .failure(let failure) = self { failure } else { nil }
  }
}
