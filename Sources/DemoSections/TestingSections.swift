import AsyncSignals
import AsyncSignalsTesting

/// The sections that show how to test time: a debounce on the virtual-time `TestScheduler`, and the same debounce
/// drawn as marbles.
enum TestingSections {
  static let all = [virtualTime, marbles]

  static let virtualTime = DemoSection(
    name: "virtual-time",
    title: "Virtual time: a debounce tested on TestScheduler, in no time at all"
  ) { out in
    let scheduler = TestScheduler()
    // Keystrokes at fixed virtual times; nothing runs until the scheduler is advanced.
    let keystrokes = scheduler.makeHotSignal(
      [
        .value("s", at: .milliseconds(100)), .value("sw", at: .milliseconds(200)),
        .value("swi", at: .milliseconds(300)), .value("swift", at: .milliseconds(1_500)),
        .completed(at: .seconds(3)),
      ] as [Recorded<String, Never>]
    )
    out.print("  keystrokes \"s\", \"sw\", \"swi\" at 0.1, 0.2, 0.3 s and \"swift\" at 1.5 s, debounced by 0.5 s")
    let recorder = scheduler.record(keystrokes.signal.debounce(for: .milliseconds(500), scheduler: scheduler))

    scheduler.advance(by: .milliseconds(700))
    out.print("  advance(by: 0.7 s) → \(describe(recorder.events))  (\"swi\" is due 0.5 s after it was typed)")
    scheduler.advance(by: .milliseconds(100))
    out.print("  advance(by: 0.1 s) → \(describe(recorder.events))")
    scheduler.run()
    out.print("  run()              → \(describe(recorder.events))")
    out.print("  the source's subscriptions (from, to): \(keystrokes.subscriptions)")
    out.print("  virtual time now: \(scheduler.now.offset); a test compares the whole history with one #expect")
  }

  static let marbles = DemoSection(
    name: "marbles",
    title: "Marbles: a debounce drawn as timelines, and checked against one"
  ) { out in
    let scheduler = TestScheduler(frame: .milliseconds(100))
    let typed: [Character: String] = ["s": "s", "w": "sw", "f": "swift"]
    // The keystrokes drawn as a hot source: one character per 100 ms frame.
    let keystrokes = scheduler.makeHotSignal("-s-w------f---|", values: typed)
    let recorder = scheduler.record(keystrokes.signal.debounce(for: .milliseconds(300), scheduler: scheduler))
    scheduler.run()
    out.print("  one frame (-) is 100 ms; s = \"s\", w = \"sw\", f = \"swift\"; debounce(for: 300 ms)")
    out.print("  keystrokes  -s-w------f---|")
    out.print("  debounced   \(recorder.marbles(values: typed))   (recorder.marbles)")
    out.print("  subscribed  \(keystrokes.subscriptionMarbles.joined())   (keystrokes.subscriptionMarbles)")
    let matches = recorder.expectMarbles("------w------f|", values: typed)
    out.print("  recorder.expectMarbles(\"------w------f|\") → \(matches); in a test, a mismatch draws both timelines")
  }

  /// The recorded events as `[value("swi") @ 0.8 seconds, …]`.
  static func describe(_ events: [Recorded<String, Never>]) -> String {
    "[" + events.map(\.description).joined(separator: ", ") + "]"
  }
}
