import AsyncSignals
import AsyncSignalsTesting
import Testing

/// The marble examples of `Docs/Testing.md` ("Marbles"), kept passing here (`.ci/doc-examples` only compiles them).
@Suite struct MarbleGuideExampleTests {
  struct Unreachable: Error, Equatable {}

  @Test func debounceSendsTheLastValueOfEachBurstAsMarbles() {
    let scheduler = TestScheduler(frame: .milliseconds(100))
    let keystrokes = scheduler.makeHotSignal("-a-b------c---|")
    let recorder = scheduler.record(keystrokes.signal.debounce(for: .milliseconds(300), scheduler: scheduler))
    scheduler.run()
    recorder.expectMarbles("------b------c|")
    keystrokes.expectSubscriptions("^-------------!")
  }

  @Test func theMismatchShownInTheGuide() {
    let scheduler = TestScheduler(frame: .milliseconds(100))
    let keystrokes = scheduler.makeHotSignal("-a-b------c---|")
    let recorder = scheduler.record(keystrokes.signal.debounce(for: .milliseconds(300), scheduler: scheduler))
    scheduler.run()
    withKnownIssue {
      recorder.expectMarbles("------b---c---|")
    } matching: { issue in
      issue.comments.map(\.rawValue) == [
        """
        expectMarbles(_:values:failure:): the history differs from "------b---c---|" (one frame: 100ms)
          expected  ------b---c---|
          actual    ------b------c|
                              ^ at 1s (frame 10): expected c, got nothing
        """
      ]
    }
  }

  @Test func searchAsYouTypeAsMarbles() {
    let scheduler = TestScheduler(frame: .milliseconds(100))
    let queries = scheduler.makeHotSignal("s-w-----f-------|", values: ["s": "s", "w": "sw", "f": "swift"])
    let results = scheduler.record(SearchFeature.results(for: queries.signal, clock: scheduler, scheduler: scheduler))
    scheduler.run()
    results.expectMarbles(
      "-------a-----b--|",  // "sw" is debounced until frame 5 and found at 7; "swift" at 11, found at 13
      values: ["a": ["sw 1", "sw 2"], "b": ["swift 1", "swift 2"]]
    )
    queries.expectSubscriptions("^---------------!")
    #expect(scheduler.escapedWork == [])
    #expect(results.marbles() == "-------a-----b--|\na = [\"sw 1\", \"sw 2\"]\nb = [\"swift 1\", \"swift 2\"]")
  }

  @Test func retryResubscribesAfterEachFailure() {
    let scheduler = TestScheduler(frame: .seconds(1))
    let flaky = scheduler.makeColdSignal("-a-#", values: ["a": 1], failure: Unreachable())
    let recorder = scheduler.record(flaky.signal.retry(1))
    scheduler.run()
    recorder.expectMarbles("-a--a-#", values: ["a": 1], failure: Unreachable())
    flaky.expectSubscriptions("^--!", "---^--!")
  }

  @Test func aLatestInnerIsDisposedWhenTheNextValueArrives() {
    let scheduler = TestScheduler(frame: .seconds(1))
    let taps = scheduler.makeHotSignal("-a-b------|")
    let request = scheduler.makeColdSignal("-1---2|")
    let recorder = scheduler.record(taps.signal.flatMap(.latest) { _ in request.signal })
    scheduler.run()
    recorder.expectMarbles("--1-1---2-|")
    request.expectSubscriptions("-^-!", "---^-----!")
  }

  @Test func switchToLatestDropsTheOlderInner() {
    let scheduler = TestScheduler(frame: .seconds(1))
    let outer = scheduler.makeColdSignal("-a--b----|", inner: ["a": "x-y-z|", "b": "p-q|"])
    let recorder = scheduler.record(outer.signal.switchToLatest())
    scheduler.run()
    recorder.expectMarbles("-x-yp-q--|")  // a's z, due at frame 5, never comes
  }

  @Test func eachGroupPlaysFromItsFirstValue() {
    let scheduler = TestScheduler(frame: .seconds(1))
    let numbers = scheduler.makeColdSignal("-1-2-3-4|", values: ["1": 1, "2": 2, "3": 3, "4": 4])
    let groups = scheduler.recordHigherOrder(numbers.signal.groupBy { $0 % 2 }.map { $0.signal })
    scheduler.run()
    groups.expectMarbles(
      "-a-b----|",
      inner: ["a": "1---3--|", "b": "2---4|"],
      values: ["1": 1, "3": 3, "2": 2, "4": 4]
    )
  }
}
