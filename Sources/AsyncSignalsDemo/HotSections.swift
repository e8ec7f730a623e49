import AsyncSignals
import LegacyBridge

/// The sections that show hot sources and operators.
enum HotSections {
  static let all = [coldVersusHot, operators, classic]

  static let coldVersusHot = DemoSection(
    name: "hot",
    title: "Cold vs hot: two subscribers share one request"
  ) {
    let requests = CoreSections.RunCounter()
    let fetchProfile = Signal<String, Never> { observer, _ in
      observer.send("profile #\(requests.next())")  // a request with a side effect: it counts
      observer.complete()
    }
    fetchProfile.subscribe(value: { print("  cold, first subscriber: \($0)") })
    fetchProfile.subscribe(value: { print("  cold, second subscriber: \($0)") })
    print("  requests made by the cold signal: \(requests.value)")

    let shared = fetchProfile.replayLazily()
    shared.subscribe(value: { print("  hot, first subscriber: \($0)") })
    shared.subscribe(value: { print("  hot, second subscriber (replayed): \($0)") })
    print("  requests made after sharing: \(requests.value) (one more, not two)")

    let subject = PassthroughSubject<String, Never>()
    subject.signal.subscribe(value: { print("  subject subscriber A got \($0)") })
    subject.send("hello")
    subject.signal.subscribe(value: { print("  subject subscriber B got \($0)") })
    subject.send("world")
    print("  (B subscribed late and missed \"hello\")")
  }

  static let operators = DemoSection(
    name: "operators",
    title: "Operators work the same for callbacks and for await"
  ) {
    let scores = Signal(values: [3, 8, 1, 9, 4, 10])
    let runningTotalOfHighScores = scores.filter { $0 >= 4 }.scan(0, +).take(3)
    runningTotalOfHighScores.subscribe(
      value: { print("  callback: running total \($0)") },
      completed: { print("  callback: completed after take(3)") }
    )
    for await total in runningTotalOfHighScores {
      print("  for await: running total \(total)")
    }
  }

  static let classic = DemoSection(
    name: "classic",
    title: "The classic ReactiveCocoa spelling, mixed with for await"
  ) {
    let signal = Signal<String, Never>.createSignal { subscriber in
      subscriber.sendNext("sent with sendNext")
      subscriber.sendCompleted()
      return ActionDisposable { print("  (the disposable returned by createSignal ran)") }
    }
    signal.subscribeNext({ print("  subscribeNext: \($0)") }, completed: { print("  subscribeNext: completed") })
    for await value in signal {
      print("  for await over a classic signal: \(value)")
    }
  }
}
