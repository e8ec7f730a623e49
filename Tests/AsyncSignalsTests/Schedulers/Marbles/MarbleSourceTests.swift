import AsyncSignals
import AsyncSignalsTesting
import TestSupport
import Testing

/// Marble sources play what they draw, and work with everything virtual time drives: inner subscriptions, retries
/// and `async` work.
@Suite(.timeLimit(.minutes(1)))
struct MarbleSourceTests {
  struct Boom: Error, Equatable {}

  let scheduler = TestScheduler(frame: .seconds(1))

  @Test func theDefaultFrameIsAMillisecond() {
    #expect(TestScheduler().frame == .milliseconds(1))
  }

  @Test func aColdSourcePlaysFromEachSubscription() {
    let source = scheduler.makeColdSignal("-a-(bc)|", values: ["a": 1, "b": 2, "c": 3])
    #expect(
      source.script == [
        .value(1, at: .seconds(1)), .value(2, at: .seconds(3)), .value(3, at: .seconds(3)), .completed(at: .seconds(4)),
      ]
    )
    #expect(!source.isHot)
    let recorder = scheduler.start(subscribedAt: .seconds(10)) { source.signal }
    #expect(
      recorder.events == [
        .value(1, at: .seconds(11)), .value(2, at: .seconds(13)), .value(3, at: .seconds(13)),
        .completed(at: .seconds(14)),
      ]
    )
    source.expectSubscriptions("---------- ^---!")
  }

  @Test func aHotSourcePlaysOnceFromItsCaretAndDropsWhatCameBefore() {
    let source = scheduler.makeHotSignal("-x-^-a--b|")
    #expect(source.isHot)
    #expect(source.script == [.value("a", at: .seconds(2)), .value("b", at: .seconds(5)), .completed(at: .seconds(6))])
    let recorder = scheduler.start(subscribedAt: .seconds(3)) { source.signal }
    #expect(recorder.events == [.value("b", at: .seconds(5)), .completed(at: .seconds(6))])
  }

  @Test func typedValuesAndFailures() {
    let cold = scheduler.makeColdSignal("-a#", values: ["a": [1, 2]], failure: Boom())
    let hot = scheduler.makeHotSignal("--#", failure: Boom())
    let coldRecorder = scheduler.record(cold.signal)
    let hotRecorder = scheduler.record(hot.signal)
    scheduler.run()
    #expect(coldRecorder.events == [.value([1, 2], at: .seconds(1)), .failed(Boom(), at: .seconds(2))])
    #expect(hotRecorder.events == [.failed(Boom(), at: .seconds(2))])
  }

  @Test func aLetterWithNoValueStandsForItselfForStringsAndCharacters() {
    let strings = scheduler.makeColdSignal("ab", values: ["a": "apple"])
    let characters = scheduler.makeColdSignal("ab", values: ["a": "x" as Character])
    #expect(strings.script == [.value("apple", at: .zero), .value("b", at: .seconds(1))])
    #expect(characters.script == [.value("x", at: .zero), .value("b", at: .seconds(1))])
  }

  @Test func innerSourcesPlayFromWhenTheyAreSubscribed() {
    let outer = scheduler.makeHotSignal("-a---b-----|")
    let inners = ["a": scheduler.makeColdSignal("-1-2|"), "b": scheduler.makeColdSignal("--3|")]
    let recorder = scheduler.record(outer.signal.flatMap(.latest) { inners[$0]!.signal })
    scheduler.run()
    recorder.expectMarbles("--1-2--3---|")
    inners["a"]!.expectSubscriptions("-^---!")
    inners["b"]!.expectSubscriptions("-----^--!")
  }

  @Test func aLatestInnerIsDisposedWhenTheNextOneArrives() {
    let outer = scheduler.makeHotSignal("-a-b------|")
    let inner = scheduler.makeColdSignal("-1---2|")
    let recorder = scheduler.record(outer.signal.flatMap(.latest) { _ in inner.signal })
    scheduler.run()
    recorder.expectMarbles("--1-1---2-|")
    inner.expectSubscriptions("-^-!", "---^-----!")
  }

  @Test func retryResubscribesAColdSource() {
    let source = scheduler.makeColdSignal("-a-#", values: ["a": 1], failure: Boom())
    let recorder = scheduler.record(source.signal.retry(1))
    scheduler.run()
    recorder.expectMarbles("-a--a-#", values: ["a": 1], failure: Boom())
    source.expectSubscriptions("^--!", "---^--!")
  }

  @Test func asyncWorkSubscribedThroughTheSchedulerRunsOnItsFrames() {
    let queries = scheduler.makeHotSignal("-s-----w-|")
    let results = queries.signal.flatMap(.concat) { [scheduler] query in
      Signal<String, Never>(operation: {
        try? await scheduler.sleep(for: .seconds(2))
        return query.uppercased()
      })
    }
    let recorder = scheduler.record(results)
    scheduler.run()
    recorder.expectMarbles("---S-----(W|)")
    #expect(scheduler.escapedWork == [])
  }
}
