import AsyncSignals
import AsyncSignalsTesting
import TestSupport
import Testing

/// A signal made from a single-pass `AsyncStream` takes one subscription; a second one stops the program rather
/// than get nothing, or a share of the values, without a word (issue 28).
@Suite(.timeLimit(.minutes(1)))
struct SinglePassSignalTests {
  struct Boom: Error, Equatable {}

  static let message = "Signal(_:) of an AsyncStream: subscribed a second time"

  @Test func aStreamSubscribedTwiceOneAfterTheOtherStopsTheSecondSubscription() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let numbers = AsyncStream<Int> { continuation in
        continuation.yield(1)
        continuation.yield(2)
        continuation.finish()
      }
      let signal = numbers.signal
      let first = await signal.array()
      precondition(first == [1, 2], "the first subscription got \(first)")
      _ = await signal.array()  // used to return [] without a word
    }
    #expect(result?.standardErrorText.contains(Self.message) == true)
  }

  @Test func aStreamSubscribedTwiceAtOnceStopsTheSecondSubscription() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let signal = AsyncStream<Int> { continuation in
        for value in 1...100 { continuation.yield(value) }
        continuation.finish()
      }
      .signal
      async let first = signal.array()
      async let second = signal.array()  // used to split the values with the first
      _ = await (first, second)
    }
    #expect(result?.standardErrorText.contains(Self.message) == true)
  }

  @Test func aThrowingStreamThatIsRetriedStopsTheRetry() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let (lines, continuation) = AsyncThrowingStream<String, any Error>.makeStream()
      continuation.yield("a")
      continuation.finish(throwing: Boom())
      _ = try? await lines.signal.retry(1).array()
    }
    #expect(
      result?.standardErrorText.contains("Signal(_:) of an AsyncThrowingStream: subscribed a second time") == true
    )
  }

  @Test func oneSubscriptionGetsEverything() async {
    let signal = AsyncStream<Int> { continuation in
      continuation.yield(1)
      continuation.yield(2)
      continuation.finish()
    }
    .signal
    #expect(await signal.array() == [1, 2])
  }

  @Test func sharingTheOneSubscriptionReachesSubscribersThatOverlap() {
    let scheduler = TestScheduler()
    let shared = AsyncStream<Int> { continuation in
      continuation.yield(1)
      continuation.yield(2)
      continuation.finish()
    }
    .signal.share()
    let first = scheduler.record(shared)
    let second = scheduler.record(shared)
    scheduler.run()
    #expect(first.events == [.value(1, at: .zero), .value(2, at: .zero), .completed(at: .zero)])
    #expect(second.events == first.events)
  }

  @Test func startingOnTheFirstSubscriptionReplaysToLaterSubscribers() {
    let scheduler = TestScheduler()
    let replayed = AsyncStream<Int> { continuation in
      continuation.yield(1)
      continuation.yield(2)
      continuation.finish()
    }
    .signal.startOnFirstSubscription()
    let first = scheduler.record(replayed)
    scheduler.run()
    let later = scheduler.record(replayed)
    #expect(first.values == [1, 2])
    #expect(later.untimedEvents == [.value(1), .value(2), .completed])
  }

  /// A sequence whose every iterator starts over is still iterated once per subscription.
  @Test func aMultiPassSequenceIsIteratedOncePerSubscription() async {
    let signal = Countdown(from: 3).signal
    #expect(await signal.array() == [3, 2, 1])
    #expect(await signal.array() == [3, 2, 1])
  }
}

/// An `AsyncSequence` whose every iterator counts down from `start`.
struct Countdown: AsyncSequence, Sendable {
  let start: Int

  init(from start: Int) {
    self.start = start
  }

  struct AsyncIterator: AsyncIteratorProtocol {
    var next: Int

    mutating func next() async -> Int? {
      guard next > 0 else { return nil }
      defer { next -= 1 }
      return next
    }
  }

  func makeAsyncIterator() -> AsyncIterator {
    AsyncIterator(next: start)
  }
}
