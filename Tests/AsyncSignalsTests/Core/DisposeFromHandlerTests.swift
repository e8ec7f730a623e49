import AsyncSignals
import TestSupport
import Testing

/// Contracts rule 3 when the subscriber disposes from inside its own value handler, and the operator sends a
/// terminal event synchronously right after that value (issue 21, part 1).
@Suite struct DisposeFromHandlerTests {
  /// A chain whose first value is followed at once by a terminal event, and what feeds it.
  struct Case: CustomTestStringConvertible, Sendable {
    let name: String
    let make: @Sendable () -> (signal: Signal<Int, Never>, start: @Sendable () -> Void)
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(name: "take(1) on a subject") {
      let subject = PassthroughSubject<Int, Never>()
      return (subject.signal.take(1), { subject.send(0) })
    },
    Case(name: "take(until:) a value") {
      let subject = PassthroughSubject<Int, Never>()
      return (subject.signal.take(until: { $0 == 0 }), { subject.send(0) })
    },
    Case(name: "take(while:) then a rejected value") {
      let subject = PassthroughSubject<Int, Never>()
      return (subject.signal.take(while: { $0 == 0 }), { subject.send(0) })
    },
    Case(name: "materialize() then a failure") {
      struct Boom: Error {}
      let subject = PassthroughSubject<Int, Boom>()
      let signal = subject.signal.materialize().map { event in event.value ?? -1 }
      return (
        signal,
        {
          subject.send(0)
          subject.fail(Boom())
        }
      )
    },
    Case(name: "zip completing with a pair") {
      let left = PassthroughSubject<Int, Never>()
      let right = PassthroughSubject<Int, Never>()
      let signal = Signal.zip(left.signal.take(1), right.signal).map { $0.0 + $0.1 }
      return (
        signal,
        {
          left.send(0)
          right.send(0)
        }
      )
    },
    Case(name: "a cold body with take(2)") {
      let trigger = PassthroughSubject<Void, Never>()
      let signal = Signal<Int, Never> { observer, lifetime in
        lifetime += trigger.signal.subscribe(isolation: nil, value: { for value in 0..<5 { observer.send(value) } })
      }
      return (signal.take(2), { trigger.send(()) })
    },
  ]

  @Test(arguments: cases) func closureFormDeliversNothingAfterTheDispose(_ testCase: Case) {
    let (signal, start) = testCase.make()
    let events = Locked<[String]>([])
    let subscription = Locked<(any Disposable)?>(nil)
    let made = signal.subscribe(
      isolation: nil,
      value: { value in
        events.withLock { $0.append("value \(value)") }
        subscription.withLock { $0 }?.dispose()
      },
      completed: { events.withLock { $0.append("completed") } }
    )
    subscription.withLock { $0 = made }
    start()
    #expect(events.withLock { $0 }.count <= 1)
    #expect(!events.withLock { $0 }.contains("completed"))
  }

  @Test(arguments: cases) func observerFormDeliversNothingAfterTheDispose(_ testCase: Case) {
    let (signal, start) = testCase.make()
    let events = Locked<[String]>([])
    let subscription = Locked<(any Disposable)?>(nil)
    let made = signal.subscribe(
      Observer { event in
        events.withLock { $0.append("\(event)") }
        subscription.withLock { $0 }?.dispose()
      }
    )
    subscription.withLock { $0 = made }
    start()
    #expect(events.withLock { $0 }.count <= 1)
  }
}
