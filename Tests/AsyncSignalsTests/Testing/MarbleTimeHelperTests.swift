import AsyncSignals
import AsyncSignalsTesting
import Testing

/// `scheduler.time("---|")`: the span a marble string draws before its `|` (issue 39).
@Suite struct MarbleTimeHelperTests {
  @Test func countsTheFramesBeforeTheEnd() {
    let scheduler = TestScheduler(frame: .milliseconds(100))
    #expect(scheduler.time("---|") == .milliseconds(300))
    #expect(scheduler.time("|") == .zero)
    #expect(scheduler.time("-a-(bc)-|") == .milliseconds(500))  // letters and a group are a frame each
    #expect(scheduler.time("- 1.5s -|") == .milliseconds(1_700))
    #expect(TestScheduler().time("--|") == TestScheduler().frame * 2)
  }

  @Test func drivesADebounceDrawnAsAPicture() {
    let scheduler = TestScheduler(frame: .milliseconds(100))
    let typed = scheduler.makeHotSignal("a-b-----c|")
    let recorder = scheduler.record(typed.signal.debounce(for: scheduler.time("---|"), scheduler: scheduler))
    scheduler.run()
    recorder.expectMarbles("-----b---(c|)")
  }

  @Test func aSpanWithoutAnEndStopsWithTheColumn() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = TestScheduler().time("---")
    }
    let text = result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) } ?? ""
    #expect(text.contains("TestScheduler.time(_:): no | to end the span at column 4"))
  }
}
