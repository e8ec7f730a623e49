import AsyncSignals
import AsyncSignalsTesting
import Dispatch
import TestSupport
import Testing

/// `retry(when:)`, `share` after the end and `timeout(idle:)` under real concurrency; run under the thread
/// sanitizer.
///
/// Deliveries are recorded in `UnsynchronizedBox`es: an overlap would be a data race that TSan reports. Each round
/// waits for its end with `await` on a `Gate`, so a test never holds a thread of the cooperative pool while other
/// threads finish its work.
@Suite(.timeLimit(.minutes(1)))
struct ResubscribingStressTests {
  struct Boom: Error, Equatable {
    var code: Int
  }

  static let rounds = 20

  @Test func retryWhenEndsOnceWhileAttemptsFailAndTheTriggerAnswersOnOtherThreads() async {
    for _ in 0..<Self.rounds {
      let attempts = Counter()
      let failing = Signal<Int, Boom> { observer, _ in
        let attempt = attempts.increment()
        DispatchQueue.global().async {
          observer.send(attempt)
          observer.fail(Boom(code: attempt))
        }
      }
      let triggers = QueueScheduler(label: "trigger")
      let events = UnsynchronizedBox<[Event<Int, Boom>]>([])
      let ended = Gate()
      let subscription = failing.retry(when: { failures in failures.observe(on: triggers).take(3) }).subscribe(
        Observer { event in
          events.value.append(event)
          if event.isTerminal { ended.open() }
        }
      )
      await ended.wait()
      subscription.dispose()
      #expect(events.value == [.value(1), .value(2), .value(3), .value(4), .failed(Boom(code: 4))])
      #expect(attempts.value == 4)
    }
  }

  @Test func shareNeverMixesConnectionsWhileSubscribersArriveAsTheSourceEnds() async {
    for _ in 0..<Self.rounds {
      let connections = Counter()
      let source = Signal<Int, Never> { observer, _ in
        let connection = connections.increment()
        DispatchQueue.global().async {
          observer.send(connection)
          observer.complete()
        }
      }
      let shared = source.share()
      let subscribers = 4
      let histories = (0..<(2 * subscribers)).map { _ in UnsynchronizedBox<[Event<Int, Never>]>([]) }
      let terminals = Counter()
      let ended = Gate()
      @Sendable func subscribe(_ index: Int) {
        _ = shared.subscribe(
          Observer { event in
            histories[index].value.append(event)
            guard event.isTerminal else { return }
            if index < subscribers { subscribe(index + subscribers) }  // again, from the completion handler
            if terminals.increment() == histories.count { ended.open() }
          }
        )
      }
      runOnThreads(count: subscribers) { subscribe($0) }
      await ended.wait()
      for history in histories.map(\.value) {
        // At most the one value of the connection it joined (none if it joined after that value), then the end.
        #expect(history.last == .completed)
        #expect(history.count <= 2)
      }
      // Each re-subscription came after its own connection's end, so it never joined that ended connection.
      for index in 0..<subscribers {
        let first = histories[index].value.first?.value
        let second = histories[index + subscribers].value.first?.value
        if let first, let second { #expect(second > first) }
      }
    }
  }

  @Test func idleTimeoutEndsOnceWhileValuesRaceTheDeadline() async {
    for _ in 0..<Self.rounds {
      let deadlines = QueueScheduler(label: "deadline")
      let captured = Locked<Observer<Int, Never>?>(nil)
      let source = Signal<Int, Never> { observer, _ in captured.withLock { $0 = observer } }
      let events = UnsynchronizedBox<[Event<Int, TimeoutFailure<Never>>]>([])
      let ended = Gate()
      let subscription = source.timeout(idle: .microseconds(20), scheduler: deadlines).subscribe(
        Observer { event in
          events.value.append(event)
          if event.isTerminal { ended.open() }
        }
      )
      let values = captured.withLock { $0 } ?? Observer { _ in }
      for value in 0..<200 { values.send(value) }
      values.complete()
      await ended.wait()
      subscription.dispose()
      let received = events.value
      #expect(received.last?.isTerminal == true)
      #expect(received.dropLast().compactMap(\.value) == Array(0..<(received.count - 1)))
    }
  }
}
