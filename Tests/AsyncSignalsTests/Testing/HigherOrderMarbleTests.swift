import AsyncSignals
import AsyncSignalsTesting
import TestSupport
import Testing

/// Marbles for signals of signals (issue 39): sources whose letters send inner signals drawn as marbles, and
/// `recordHigherOrder` with `expectMarbles(_:inner:)`, which compares each inner from its arrival, as RxJS does.
@Suite(.timeLimit(.minutes(1)))
struct HigherOrderMarbleTests {
  let scheduler = TestScheduler(frame: .seconds(1))

  @Test func aSourceOfInnersDrawnAsMarblesReadsBackToTheSameMarbles() {
    let outer = scheduler.makeColdSignal("-a--b|", inner: ["a": "x-y|", "b": "--z|"])
    let recorder = scheduler.recordHigherOrder(outer.signal)
    scheduler.run()
    #expect(recorder.expectMarbles("-a--b|", inner: ["a": "x-y|", "b": "--z|"]))
    // The inner recorders keep the scheduler's own times: each inner played from its arrival.
    #expect(
      recorder.values.map(\.events) == [
        [.value("x", at: .seconds(1)), .value("y", at: .seconds(3)), .completed(at: .seconds(4))],
        [.value("z", at: .seconds(6)), .completed(at: .seconds(7))],
      ]
    )
    #expect(recorder.events.map(\.time) == [.seconds(1), .seconds(4), .seconds(5)])
  }

  @Test func aLetterCanSendTheSameColdInnerTwice() {
    let outer = scheduler.makeColdSignal("a-a|", inner: ["a": "-x|"], values: ["x": 7])
    let recorder = scheduler.recordHigherOrder(outer.signal)
    scheduler.run()
    #expect(recorder.expectMarbles("a-a|", inner: ["a": "-x|"], values: ["x": 7]))
    #expect(recorder.values.flatMap(\.values) == [7, 7])
  }

  @Test func anInnerMismatchDrawsTheOuterAndThatInner() {
    let outer = scheduler.makeColdSignal("-a-b|", inner: ["a": "x|", "b": "y--|"])
    let recorder = scheduler.recordHigherOrder(outer.signal)
    scheduler.run()
    withKnownIssue {
      #expect(!recorder.expectMarbles("-a-b|", inner: ["a": "x|", "b": "y-|"]))
    } matching: { issue in
      issue.comments.map(\.rawValue) == [
        """
        expectMarbles(_:inner:values:failure:innerFailure:): the history differs from "-a-b|" (one frame: 1s)
          expected  -a-b|
          actual    -a-c|
                       ^ at 3s (frame 3): expected b, got c
          a = x|
          b = y-|
          c = y--|
          inner 2 (b), sent at 3s: the history differs from "y-|" (one frame: 1s)
            expected  y-|
            actual    y--|
                        ^ at 2s (frame 2): expected |, got nothing
        """
      ]
    }
  }

  @Test func anOuterMismatchIsReportedWhenTheInnersAgree() {
    let outer = scheduler.makeColdSignal("-a--a|", inner: ["a": "x|"])
    let recorder = scheduler.recordHigherOrder(outer.signal)
    scheduler.run()
    withKnownIssue {
      recorder.expectMarbles("-a-a|", inner: ["a": "x|"])
    } matching: { issue in
      issue.comments.map(\.rawValue) == [
        """
        expectMarbles(_:inner:values:failure:innerFailure:): the history differs from "-a-a|" (one frame: 1s)
          expected  -a-a|
          actual    -a--a|
                       ^ at 3s (frame 3): expected a, got nothing
          a = x|
        """
      ]
    }
  }

  @Test func anInnerThatNeverEndsIsDrawnWithoutAnEnd() {
    let outer = scheduler.makeColdSignal("-a|", inner: ["a": "x-y"])
    let recorder = scheduler.recordHigherOrder(outer.signal)
    scheduler.advance(to: .seconds(10))
    #expect(recorder.expectMarbles("-a|", inner: ["a": "x-y"]))
    withKnownIssue {
      recorder.expectMarbles("-a|", inner: ["a": "x-y|"])
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("  a = x-y|\n  b = x-y\n") }
    }
    recorder.dispose()
  }

  @Test func anInnerFailureIsDrawnAsHashAndComparedWithTheInnerFailure() {
    let outer = scheduler.makeColdSignal(
      "-ab|",
      inner: ["a": "1#", "b": "2-|"],
      values: ["1": 1, "2": 2],
      failure: Boom(code: 2)
    )
    let recorder = scheduler.recordHigherOrder(outer.signal)
    scheduler.run()
    #expect(recorder.expectMarbles("-ab|", inner: ["a": "1#", "b": "2-|"], innerFailure: Boom(code: 2)))
    withKnownIssue {
      recorder.expectMarbles("-ab|", inner: ["a": "1#", "b": "2-|"], innerFailure: Boom(code: 1))
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("# = Boom(code: 1) expected, Boom(code: 2) recorded") }
    }
  }

  @Test func anOuterFailureIsComparedWithFailure() {
    let outer = scheduler.makeColdSignal("-a#", inner: ["a": "x|"], values: ["x": "x"], failure: Boom(code: 3))
    let recorder = scheduler.recordHigherOrder(outer.signal)
    scheduler.run()
    #expect(recorder.expectMarbles("-a#", inner: ["a": "x|"], failure: Boom(code: 3)))
    withKnownIssue {
      recorder.expectMarbles("-a#", inner: ["a": "x|"], failure: Boom(code: 4))
    }
  }

  @Test func disposingTheRecorderEndsTheOuterAndEveryInner() {
    let first = scheduler.makeColdSignal("x---")
    let second = scheduler.makeColdSignal("y---")
    let outer = scheduler.makeColdSignal("-a-b---", values: ["a": first.signal, "b": second.signal])
    let recorder = scheduler.recordHigherOrder(outer.signal)
    scheduler.advance(to: .seconds(4))
    recorder.dispose()
    outer.expectSubscriptions("^---!")
    first.expectSubscriptions("-^--!")
    second.expectSubscriptions("---^!")
    #expect(recorder.expectMarbles("-a-b", inner: ["a": "x", "b": "y"]))
  }

  @Test func aLetterWithNoInnerStopsTheTestNamingIt() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = TestScheduler().makeColdSignal("-a-c|", inner: ["a": "x|"])
    }
    #expect(
      result?.standardErrorText.contains("makeColdSignal(_:inner:): no value for 'c' in inner at column 4") == true
    )
  }

  @Test func aMalformedInnerStopsTheTestNamingItsLetter() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = TestScheduler().makeColdSignal("-a|", inner: ["a": "x|y"])
    }
    #expect(
      result?.standardErrorText.contains("makeColdSignal(_:inner:), inner 'a': the value 'y' after the terminal")
        == true
    )
  }
}
