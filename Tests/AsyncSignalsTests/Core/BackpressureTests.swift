import AsyncSignals
import AsyncSignalsTesting
import TestSupport
import Testing

/// Contract: a `for await` consumer buffers by its policy, and an async body never runs further ahead of it.
@Suite(.timeLimit(.minutes(1)))
struct BackpressureTests {
  /// A slow step for the consumer: one hop to another actor per value.
  actor SlowWork {
    private var done = 0
    func process(_ value: Int) -> Int {
      done += 1
      return value
    }
  }

  @Test(arguments: [BufferingPolicy.bufferingOldest(1), .bufferingOldest(8), .bufferingNewest(16), .unbounded])
  func asyncBodyNeverHasMoreInFlightThanThePolicyAllows(policy: BufferingPolicy) async {
    let limit =
      switch policy {
      case .bufferingNewest(let limit), .bufferingOldest(let limit): limit
      case .unbounded: BufferingPolicy.unboundedAsyncLimit
      }
    let sent = Counter()
    let consumed = Counter()
    let maximumInFlight = Locked(0)
    // Opened by the body once `limit` values are out: until then the consumer has consumed nothing, so the
    // body is provably ahead by `limit` when it tries to send one more.
    let boundReached = Gate()
    let signal = Signal<Int, Never> { observer in
      for value in 0..<1_000 {
        await observer.send(value)
        let sentSoFar = sent.increment()
        let inFlight = sentSoFar - consumed.value
        maximumInFlight.withLock { $0 = max($0, inFlight) }
        if sentSoFar == limit { boundReached.open() }
      }
    }
    let work = SlowWork()
    var received: [Int] = []
    for await value in signal.asyncBuffering(policy) {
      if received.isEmpty { await boundReached.wait() }
      consumed.increment()
      received.append(await work.process(value))
    }
    #expect(received == Array(0..<1_000))
    #expect(maximumInFlight.withLock { $0 } == limit)
  }

  @Test func synchronousBodyIsBufferedWithoutLossWhenUnbounded() async {
    var received: [Int] = []
    for await value in Signal(values: 0..<10_000) { received.append(value) }
    #expect(received == Array(0..<10_000))
  }

  @Test func bufferingNewestKeepsTheLatestValues() async {
    let signal = Signal(values: 1...10).asyncBuffering(.bufferingNewest(3))
    var received: [Int] = []
    for await value in signal { received.append(value) }
    #expect(received == [8, 9, 10])
  }

  @Test func bufferingOldestKeepsTheFirstValues() async {
    let signal = Signal(values: 1...10).asyncBuffering(.bufferingOldest(3))
    var received: [Int] = []
    for await value in signal { received.append(value) }
    #expect(received == [1, 2, 3])
  }

  @Test func terminalEventIsNeverDroppedByTheBuffer() async {
    let signal = Signal<Int, Never> { observer, _ in
      for value in 1...5 { observer.send(value) }
      observer.complete()
    }.asyncBuffering(.bufferingOldest(1))
    var received: [Int] = []
    for await value in signal { received.append(value) }
    #expect(received == [1])
  }

  @Test func zeroLimitIsAProgrammingError() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = Signal<Int, Never>.never.asyncBuffering(.bufferingNewest(0))
    }
    #expect(result?.standardErrorText.contains("asyncBuffering(_:): the limit must be at least 1, got 0") == true)
  }
}
