import AsyncSignals
import Dispatch
import Foundation
import LegacyBridge

/// The sections that turn every Cocoa callback style into signals, and run a request through a command.
enum CallbackSections {
  static let all = [unification, command]

  static let unification = DemoSection(
    name: "callbacks",
    title: "Five callback styles, one signal: notification, delegate, target-action, completion handler, URL"
  ) { out in
    let backend = try DemoServer(maxConnections: 1)
    defer { backend.stop() }

    // 1. A notification, posted on a center of our own.
    let center = NotificationCenter()
    let logins = center.signals.notifications(named: .demoUserDidLogIn) { notification in
      "notification: \(notification.userInfo?["user"] as? String ?? "somebody") logged in"
    }
    // 2. A delegate callback, through a proxy that turns each delegate method into a signal.
    let connection = ChatConnection()
    let proxy = ChatConnectionDelegateProxy(original: connection.delegate)
    connection.delegate = proxy  // delegates are weak: keep `proxy` alive while the connection calls it
    let messages = proxy.messages.signal.map { "delegate: chat message \"\($0)\"" }
    // 3. Target-action: a button's taps.
    let refreshButton = ActionControl<Void>()
    let refreshes = refreshButton.actions.map { _ in "target-action: refresh tapped" }
    // 4. A completion-handler API; it calls back on a background queue.
    let weather = Signal<String, Never>.withCompletionHandler { completion, _ in
      LegacyWeatherService.lookUp(city: "Lisbon") { completion(.success($0)) }
    }
    .map { "completion handler: \($0)" }
    // 5. A URL request against the local server.
    let hello = backend.text("/hello")
      .map { "url request: \"\($0)\"" }
      .catch { failure in Signal<String, Never>.just("url request failed: \(failure)") }

    let everything = Signal.merge(logins, messages, refreshes, weather, hello)
    let (arrivals, arrived) = AsyncStream<Void>.makeStream()
    out.print("  one subscription to all five (the completion handler and the URL request answer when they can):")
    let subscription = everything.subscribe(
      isolation: nil,
      value: { line in
        out.print("    \(line)")
        arrived.yield()
      }
    )
    center.post(name: .demoUserDidLogIn, object: nil, userInfo: ["user": "ada"])
    withExtendedLifetime(proxy) { connection.receive("hi there") }
    refreshButton.sendAction()
    var count = 0
    for await _ in arrivals {
      count += 1
      if count == 5 { break }
    }
    subscription.dispose()
    out.print("  \(count) events from five sources through one subscriber")
  }

  static let command = DemoSection(
    name: "command",
    title: "A command fetches from the local server: executing, then the result"
  ) { out in
    let backend = try DemoServer(maxConnections: 1)
    defer { backend.stop() }
    let greet = Command<String, String, URLRequestError>(isolation: nil) { name in
      backend.text("/greeting", ["name": name])
    }

    // The command's state arrives on whatever thread changed it; a stream puts it in order for printing.
    let (states, stateChanged) = AsyncStream<Bool>.makeStream()
    let watching = greet.isExecuting.subscribe(isolation: nil, value: { stateChanged.yield($0) })
    defer { watching.dispose() }
    var executing = states.makeAsyncIterator()
    let before = await executing.next() ?? false
    out.print("  executing: \(before)")
    out.print("  execute(\"Ada\")")
    let execution = greet.execute("Ada")
    let started = await executing.next() ?? false
    out.print("  executing: \(started)")
    let ended = await executing.next() ?? true
    out.print("  executing: \(ended)")
    do {
      let reply = try await execution.last()  // the execution's signal replays its events to late subscribers
      out.print("  result: \(reply ?? "nothing")")
    } catch {
      out.print("  failed: \(error)")
    }
    out.print("  requests the server counted: \(backend.requestCount("/greeting"))")
  }
}

extension Notification.Name {
  /// Posted by the demo when a user logged in; `userInfo["user"]` is the name.
  static let demoUserDidLogIn = Notification.Name("AsyncSignalsDemo.userDidLogIn")
}

/// A legacy API that answers through a completion handler, on a background queue.
enum LegacyWeatherService {
  static func lookUp(city: String, completion: @escaping @Sendable (String) -> Void) {
    DispatchQueue.global().async { completion("sunny in \(city)") }
  }
}

/// A legacy class that reports through a delegate, like most Cocoa classes.
protocol ChatConnectionDelegate: AnyObject {
  func connection(_ connection: ChatConnection, didReceive message: String)
}

/// A chat connection; the demo calls `receive(_:)` where a real one would read from the network.
final class ChatConnection {
  weak var delegate: (any ChatConnectionDelegate)?

  func receive(_ message: String) {
    delegate?.connection(self, didReceive: message)
  }
}

/// Turns `ChatConnectionDelegate` calls into a signal and forwards each to the original delegate.
final class ChatConnectionDelegateProxy: DelegateProxy<any ChatConnectionDelegate>, ChatConnectionDelegate {
  let messages = DelegateMethod<String>()

  func connection(_ connection: ChatConnection, didReceive message: String) {
    messages.send(message)
    forward { $0.connection(connection, didReceive: message) }
  }
}
