import AsyncSignals
import LegacyBridge

/// The sections that show hot sources and operators.
enum HotSections {
  static let all = [coldVersusHot, operators, classic]

  static let coldVersusHot = DemoSection(
    name: "hot",
    title: "Cold vs hot: two subscribers share one request"
  ) { out in
    let backend = try DemoServer(maxConnections: 3)
    defer { backend.stop() }
    let fetchProfile = backend.text("/profile", ["user": "ada"])  // a GET against the local server
    out.print("  created the request signal; requests so far: \(backend.requestCount("/profile"))")

    try await subscribeTwiceAtOnce(to: fetchProfile, "cold", out)
    out.print("  requests the server counted: \(backend.requestCount("/profile")) (one per subscription)")

    let shared = fetchProfile.replayLazily()
    try await subscribeTwiceAtOnce(to: shared, "shared", out)
    out.print("  requests the server counted after sharing: \(backend.requestCount("/profile")) (one more, not two)")

    let subject = PassthroughSubject<String, Never>()
    subject.signal.subscribe(isolation: nil, value: { out.print("  subject subscriber A got \($0)") })
    subject.send("hello")
    subject.signal.subscribe(isolation: nil, value: { out.print("  subject subscriber B got \($0)") })
    subject.send("world")
    out.print("  (B subscribed late and missed \"hello\")")
  }

  /// Subscribes two subscribers at the same time and prints what each got.
  static func subscribeTwiceAtOnce(
    to profile: Signal<String, URLRequestError>,
    _ label: String,
    _ out: DemoOutput
  ) async throws {
    async let first = profile.first()
    async let second = profile.first()
    let (firstProfile, secondProfile) = try await (first, second)
    out.print("  \(label), first subscriber: \(firstProfile ?? "nothing")")
    out.print("  \(label), second subscriber: \(secondProfile ?? "nothing")")
  }

  static let operators = DemoSection(
    name: "operators",
    title: "Operators work the same for callbacks and for await"
  ) { out in
    let scores = Signal(values: [3, 8, 1, 9, 4, 10])
    let runningTotalOfHighScores = scores.filter { $0 >= 4 }.scan(0, +).take(3)
    runningTotalOfHighScores.subscribe(
      isolation: nil,
      value: { out.print("  callback: running total \($0)") },
      completed: { out.print("  callback: completed after take(3)") }
    )
    for await total in runningTotalOfHighScores {
      out.print("  for await: running total \(total)")
    }
  }

  static let classic = DemoSection(
    name: "classic",
    title: "The classic ReactiveCocoa spelling, mixed with for await"
  ) { out in
    let signal = Signal<String, Never>.createSignal { subscriber in
      subscriber.sendNext("sent with sendNext")
      subscriber.sendCompleted()
      return ActionDisposable { out.print("  (the disposable returned by createSignal ran)") }
    }
    signal.subscribeNext(
      isolation: nil,
      { out.print("  subscribeNext: \($0)") },
      completed: { out.print("  subscribeNext: completed") }
    )
    for await value in signal {
      out.print("  for await over a classic signal: \(value)")
    }
  }
}
