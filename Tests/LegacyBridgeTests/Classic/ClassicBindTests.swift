import AsyncSignals
import AsyncSignalsTesting
import LegacyBridge
import TestSupport
import Testing

/// `-bind:` (issue 26, item 9): the eight examples of RACStreamExamples and the three of RACSignalSpec's `-bind:`,
/// with the `+merge:` example that sits beside them.
@Suite(.timeLimit(.minutes(1)))
struct ClassicBindTests {
  struct Boom: Error, Equatable {}

  /// RAC's `streamWithValues`: a concatenation of one-value signals.
  static func stream(_ values: [Int]) -> Signal<Int, Boom> {
    Signal.concat(values.map { Signal<Int, Boom>.return($0) })
  }

  /// RACSignalSpec's infinite signal: sends for ever, synchronously, until its subscription ends.
  static let infinite = Signal<Int, Boom> { observer, lifetime in
    while !lifetime.isDisposed { observer.send(1) }
  }

  /// RAC's `verifyValues`, through both consumption styles: the values, then completion.
  static func verify(_ signal: Signal<Int, Boom>, _ expected: [Int]) async {
    let recorder = TestRecorder<Int, Boom>()
    signal.subscribe(recorder.observer)
    #expect(recorder.untimedEvents == expected.map { .value($0) } + [.completed])
    var looped: [Int] = []
    do {
      for try await value in signal { looped.append(value) }
    } catch {
      Issue.record("unexpected failure \(error)")
    }
    #expect(looped == expected)
  }

  // MARK: - RACStreamExamples

  @Test func returnsTheResultOfBindingASingleValue() async {
    await Self.verify(Signal.return(0).bind { { value, _ in .return(value + 1) } }, [1])
  }

  @Test func concatenatesTheResultOfBindingMultipleValues() async {
    await Self.verify(Self.stream([0, 1]).bind { { value, _ in .return(value + 1) } }, [1, 2])
  }

  @Test func concatenatesWithAnEmptyResultFromBindingAValue() async {
    let bound = Self.stream([0, 1, 2]).bind { { value, _ in value == 1 ? .empty : .return(value + 1) } }
    await Self.verify(bound, [1, 3])
  }

  @Test func terminatesImmediatelyWhenReturningNil() async {
    await Self.verify(Self.infinite.bind { { _, _ in nil } }, [])
  }

  @Test func terminatesAfterOneValueWhenSettingStop() async {
    let bound = Self.infinite.bind {
      { (value: Int, stop: inout Bool) in
        stop = true
        return .return(value)
      }
    }
    await Self.verify(bound, [1])
  }

  @Test func terminatesImmediatelyWhenReturningNilAndSettingStop() async {
    let bound = Self.infinite.bind {
      { (_: Int, stop: inout Bool) -> Signal<Int, Boom>? in
        stop = true
        return nil
      }
    }
    await Self.verify(bound, [])
  }

  /// The block runs once per subscription, so its state starts over.
  @Test func isRestartableEvenWithBlockState() async {
    let counting = Self.stream([0, 1, 2]).bind {
      let counter = Counter()
      return { _, _ in .return(counter.increment() - 1) }
    }
    await Self.verify(counting, [0, 1, 2])
    await Self.verify(counting, [0, 1, 2])
  }

  @Test func isInterleavableEvenWithBlockState() async {
    let counting = Self.stream([0, 1, 2]).bind {
      let counter = Counter()
      return { _, _ in .return(counter.increment() - 1) }
    }
    let zipped = Signal.zip(counting, Signal<Int, Boom>.empty.concat(counting)).map { pair in pair.0 + pair.1 }
    await Self.verify(zipped, [0, 2, 4])
  }

  // MARK: - RACSignalSpec

  /// RACSignalSpec's set-up: the source forwards `(signal, stop)` pairs from `signals`, and an open-ended `values`
  /// signal is bound first; it stays subscribed after the bind stops.
  struct Fixture {
    typealias Step = (signal: Signal<Int, Never>?, stop: Bool)
    let signals = PassthroughSubject<Step, Never>()
    let values = PassthroughSubject<Int, Never>()
    let sourceDisposed = Counter()
    let received = TestRecorder<Int, Never>()

    init() {
      let (signals, sourceDisposed) = (signals, sourceDisposed)
      let source = Signal<Step, Never>.createSignal { subscriber in
        signals.subscribe(subscriber)  // owned by the subscription, as in RAC
        return ActionDisposable { sourceDisposed.increment() }
      }
      source.bind {
        { (step: Step, stop: inout Bool) in
          stop = step.stop
          return step.signal
        }
      }
      .subscribe(received.observer)
      signals.send((values.signal, false))
    }
  }

  @Test func disposesTheSourceWhenStoppedWithANilSignal() {
    let fixture = Fixture()
    #expect(fixture.sourceDisposed.value == 0)
    fixture.signals.send((nil, false))
    #expect(fixture.sourceDisposed.value == 1)
    #expect(fixture.signals.subscriberCount == 0)
    #expect(fixture.received.values == [])
    fixture.values.send(7)  // still received after stopping
    #expect(fixture.received.untimedEvents == [.value(7)])
    fixture.values.complete()
    #expect(fixture.received.untimedEvents == [.value(7), .completed])
  }

  @Test func disposesTheSourceWhenTheStopFlagIsSet() {
    let fixture = Fixture()
    fixture.signals.send((.return(1), true))
    #expect(fixture.sourceDisposed.value == 1)
    #expect(fixture.received.values == [1])  // the signal sent with the stop flag is bound
    fixture.values.send(2)
    #expect(fixture.received.values == [1, 2])
  }

  @Test func stopsSubscribingToNewSignalsAfterAnError() {
    let subscribedAfterError = Counter()
    let source = Signal<Int, Boom>.createSignal { subscriber in
      subscriber.sendNext(0)
      subscriber.sendNext(1)
      return nil
    }
    let bound = source.bind {
      { (value: Int, _: inout Bool) -> Signal<Int, Boom>? in
        value == 0
          ? .error(Boom())
          : .defer {
            subscribedAfterError.increment()
            return .empty
          }
      }
    }
    let recorder = TestRecorder<Int, Boom>()
    bound.subscribe(recorder.observer)
    #expect(recorder.untimedEvents == [.failed(Boom())])
    #expect(subscribedAfterError.value == 0)
  }

  @Test func mergeDoesNotSubscribeToSignalsFollowingAnError() {
    let firstSubscribed = Counter()
    let secondSubscribed = Counter()
    let merged = Signal<Int, Boom>.merge(
      .defer {
        firstSubscribed.increment()
        return .error(Boom())
      },
      .defer {
        secondSubscribed.increment()
        return .return(1)
      }
    )
    let recorder = TestRecorder<Int, Boom>()
    merged.subscribe(recorder.observer)
    #expect(recorder.untimedEvents == [.failed(Boom())])
    #expect(firstSubscribed.value == 1)
    #expect(secondSubscribed.value == 0)
  }
}
