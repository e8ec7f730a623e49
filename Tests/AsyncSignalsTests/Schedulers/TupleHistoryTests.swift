import AsyncSignals
import AsyncSignalsTesting
import Testing

/// Histories of pairs and triples compare without a `map` (issue 18).
@Suite struct TupleHistoryTests {
  let scheduler = TestScheduler()
  struct Boom: Error, Equatable {}

  @Test func combineLatestHistoriesCompareAsTheyAre() {
    let numbers = scheduler.makeHotSignal(
      [.value(1, at: .seconds(1)), .value(2, at: .seconds(3))] as [Recorded<Int, Never>]
    )
    let letters = scheduler.makeHotSignal([.value("a", at: .seconds(2))] as [Recorded<String, Never>])
    let recorder = scheduler.record(numbers.signal.combineLatest(with: letters.signal))
    scheduler.run()
    #expect(recorder.events == [.value((1, "a"), at: .seconds(2)), .value((2, "a"), at: .seconds(3))])
    #expect(recorder.values == [(1, "a"), (2, "a")])
    #expect(recorder.events[1] == .value((2, "a"), at: .seconds(3)))
  }

  @Test func zipHistoriesOfTriplesWithATerminalEventCompare() {
    let first = scheduler.makeColdSignal(
      [.value(1, at: .seconds(1)), .completed(at: .seconds(2))] as [Recorded<Int, Boom>]
    )
    let second = scheduler.makeColdSignal([.value("a", at: .seconds(1))] as [Recorded<String, Boom>])
    let third = scheduler.makeColdSignal([.value(true, at: .seconds(1))] as [Recorded<Bool, Boom>])
    let recorder = scheduler.record(Signal.zip(first.signal, second.signal, third.signal))
    scheduler.run()
    #expect(recorder.events == [.value((1, "a", true), at: .seconds(1)), .completed(at: .seconds(2))])
    #expect(recorder.values == [(1, "a", true)])
  }

  @Test func withLatestHistoriesCompareAndDifferencesAreSeen() {
    let taps = scheduler.makeHotSignal(
      [.value("tap", at: .seconds(2)), .failed(Boom(), at: .seconds(3))] as [Recorded<String, Boom>]
    )
    let counts = scheduler.makeHotSignal([.value(7, at: .seconds(1))] as [Recorded<Int, Never>])
    let recorder = scheduler.record(taps.signal.withLatest(from: counts.signal))
    scheduler.run()
    #expect(recorder.events == [.value(("tap", 7), at: .seconds(2)), .failed(Boom(), at: .seconds(3))])
    #expect(!(recorder.events == [.value(("tap", 8), at: .seconds(2)), .failed(Boom(), at: .seconds(3))]))
    #expect(!(recorder.events == [.value(("tap", 7), at: .seconds(1)), .failed(Boom(), at: .seconds(3))]))
    #expect(!(recorder.events == [.value(("tap", 7), at: .seconds(2)), .completed(at: .seconds(3))]))
    #expect(!(recorder.events == [.value(("tap", 7), at: .seconds(2))]))
  }
}
