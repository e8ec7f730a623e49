import AsyncSignals
import AsyncSignalsTesting
import TestSupport
import Testing

/// Issue 28: an async body written the obvious way stops once its subscriber is gone.
///
/// `AsyncObserver.send` returns whether the subscription goes on, like `AsyncStream.Continuation.yield`; these
/// tests are written the way the README shows a producer loop, and consume it the way a user would.
@Suite(.timeLimit(.minutes(1)))
struct ProducerLoopTests {
  /// The README's shape, consumed with `for await` and a `break` at 9.
  ///
  /// Before, `send` returned nothing and such a body kept producing (1.4 million values in 500 ms) until the
  /// process exited.
  @Test func aWhileLoopOverSendStopsWhenTheConsumerBreaks() async {
    let stopped = Gate()
    let numbers = Signal<Int, Never> { observer in
      var i = 0
      while await observer.send(i) { i += 1 }
      stopped.open()
    }
    var received: [Int] = []
    for await number in numbers {
      received.append(number)
      if number == 9 { break }
    }
    await stopped.wait()  // never returns (and the test hits its time limit) if the body runs on
    #expect(received == Array(0...9))
  }

  /// The same with a `guard`, and a consumer whose Task is cancelled instead of breaking.
  @Test func aGuardOnSendStopsWhenTheConsumingTaskIsCancelled() async {
    let stopped = Gate()
    let tenReceived = Gate()
    let records = Signal<Int, Never> { observer in
      for record in 0... {
        guard await observer.send(record) else { break }
      }
      stopped.open()
    }
    let reader = Task {
      var count = 0
      for await _ in records {
        count += 1
        if count == 10 { tenReceived.open() }
      }
      return count
    }
    await tenReceived.wait()
    reader.cancel()
    await stopped.wait()
    #expect(await reader.value >= 10)
  }

  /// A callback subscriber that disposes: `send` returns `false` from then on.
  @Test func sendReturnsFalseOnceTheSubscriptionIsDisposed() async {
    let results = Locked<[Bool]>([])
    let disposed = Gate()
    let finished = Gate()
    let signal = Signal<Int, Never> { observer in
      let first = await observer.send(1)
      await disposed.wait()
      let second = await observer.send(2)
      results.withLock { $0 = [first, second] }
      finished.open()
    }
    let recorder = TestRecorder<Int, Never>()
    let subscription = signal.subscribe(recorder.observer)
    subscription.dispose()
    disposed.open()
    await finished.wait()
    #expect(recorder.untimedEvents.count <= 1)  // the first value, if the body sent it before the disposal
    #expect(results.withLock { $0 }.last == false)
  }

  /// A `take` downstream ends the subscription with its last value: that send already returns `false`.
  @Test func sendReturnsFalseWhenADownstreamTakeEndsTheSubscription() async {
    let results = Locked<[Bool]>([])
    let signal = Signal<Int, Never> { observer in
      for value in 1...5 {
        let goesOn = await observer.send(value)
        results.withLock { $0.append(goesOn) }
        if !goesOn { return }
      }
    }
    var received: [Int] = []
    for await value in signal.take(3) { received.append(value) }
    #expect(received == [1, 2, 3])
    #expect(results.withLock { $0 } == [true, true, false])
  }

  /// A signal made from an `AsyncSequence` stops pulling once its consumer breaks (with one value in flight, it
  /// can have pulled at most a few more than the loop took).
  @Test func aSignalFromAnAsyncSequenceStopsPullingWhenTheConsumerBreaks() async {
    let pulled = Counter()
    let (source, continuation) = AsyncStream<Int>.makeStream()
    for value in 0..<100 { continuation.yield(value) }
    continuation.finish()
    let counted = source.map { value in
      pulled.increment()
      return value
    }
    for await value in Signal(counted).asyncBuffering(.bufferingOldest(1)) {
      if value == 2 { break }
    }
    #expect(pulled.value < 10)
  }
}
