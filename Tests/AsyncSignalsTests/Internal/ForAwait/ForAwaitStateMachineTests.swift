import Testing

@testable import AsyncSignals

/// The locked half of the `for await` buffer (overflow, waiters, end), tested as a value.
///
/// Continuations cannot be made outside a Task, so the states that hold one are reached inside
/// `withUnsafeContinuation` and resumed before the test returns.
@Suite(.timeLimit(.minutes(1))) struct ForAwaitStateMachineTests {
  typealias Machine = ForAwaitStateMachine<Int, Never>

  /// Takes the overflow of `machine` into a new batch.
  static func takeOverflow(_ machine: inout Machine) -> [Event<Int, Never>] {
    var batch: [Event<Int, Never>] = []
    _ = machine.overflowTaken(into: &batch)
    return batch
  }
}

extension ForAwaitStateMachineTests {
  @Suite struct OverflowReceived {
    @Test func whileActiveAppendsInOrder() {
      var machine = Machine(policy: .unbounded)
      guard case .buffered(nil) = machine.overflowReceived(.value(1), buffered: 128) else {
        Issue.record("expected the value to be buffered")
        return
      }
      _ = machine.overflowReceived(.value(2), buffered: 128)
      #expect(machine.overflowInFlight == 2)
      #expect(ForAwaitStateMachineTests.takeOverflow(&machine) == [.value(1), .value(2)])
    }

    @Test func whenBufferingNewestIsFullDropsTheOldest() {
      var machine = Machine(policy: .bufferingNewest(2))
      _ = machine.overflowReceived(.value(1), buffered: 0)
      _ = machine.overflowReceived(.value(2), buffered: 0)
      guard case .replaced(let dropped, nil) = machine.overflowReceived(.value(3), buffered: 0) else {
        Issue.record("expected a drop")
        return
      }
      #expect(dropped == .value(1))
      #expect(ForAwaitStateMachineTests.takeOverflow(&machine) == [.value(2), .value(3)])
    }

    @Test func whenBufferingOldestIsFullCountingTheRingDropsTheNewcomer() {
      var machine = Machine(policy: .bufferingOldest(3))
      _ = machine.overflowReceived(.value(1), buffered: 2)
      guard case .release(let dropped) = machine.overflowReceived(.value(2), buffered: 2) else {
        Issue.record("expected a drop")
        return
      }
      #expect(dropped == .value(2))
    }

    @Test func terminalEventIsKeptWhenFull() {
      var machine = Machine(policy: .bufferingOldest(1))
      _ = machine.overflowReceived(.value(1), buffered: 0)
      guard case .buffered = machine.overflowReceived(.completed, buffered: 0) else {
        Issue.record("expected the terminal event to be kept")
        return
      }
      #expect(ForAwaitStateMachineTests.takeOverflow(&machine) == [.value(1), .completed])
    }

    @Test func whileTheConsumerWaitsResumesIt() async {
      var machine = Machine(policy: .unbounded)
      await withUnsafeContinuation { (consumer: Machine.ConsumerContinuation) in
        guard case .wait = machine.consumerSuspended(consumer) else {
          Issue.record("expected the consumer to wait")
          consumer.resume()
          return
        }
        guard case .buffered(let resumed?) = machine.overflowReceived(.value(1), buffered: 0) else {
          Issue.record("expected the consumer to be resumed")
          return
        }
        resumed.resume()
      }
      #expect(machine.consumerWoken() == nil)
    }

    @Test func afterTheEndReleasesTheEvent() {
      var machine = Machine(policy: .unbounded)
      _ = machine.finished()
      guard case .release(.value(1)) = machine.overflowReceived(.value(1), buffered: 0) else {
        Issue.record("expected the event to be released")
        return
      }
    }
  }

  @Suite struct OverflowTaken {
    @Test func keepsTheEventsInFlightUntilGivenBack() {
      var machine = Machine(policy: .unbounded)
      _ = machine.overflowReceived(.value(1), buffered: 0)
      _ = machine.overflowReceived(.value(2), buffered: 0)
      var batch: [Event<Int, Never>] = []
      guard case .take(count: 2) = machine.overflowTaken(into: &batch) else {
        Issue.record("expected two events")
        return
      }
      #expect(machine.overflowInFlight == 2)
      _ = machine.overflowGivenBack(2)
      #expect(machine.overflowInFlight == 0)
    }

    @Test func afterTheEndEnds() {
      var machine = Machine(policy: .unbounded)
      _ = machine.finished()
      var batch: [Event<Int, Never>] = []
      guard case .end = machine.overflowTaken(into: &batch) else {
        Issue.record("expected the end")
        return
      }
    }
  }

  @Suite struct ConsumerSuspended {
    /// Why the consumer must not wait.
    enum Reason: CaseIterable, Sendable {
      /// Events wait in the overflow.
      case overflow
      /// The loop is over.
      case end
    }

    @Test(arguments: Reason.allCases)
    func resumesAtOnce(reason: Reason) async {
      var machine = Machine(policy: .unbounded)
      switch reason {
      case .overflow: _ = machine.overflowReceived(.value(1), buffered: 0)
      case .end: _ = machine.finished()
      }
      await withUnsafeContinuation { (consumer: Machine.ConsumerContinuation) in
        guard case .resume(let resumed) = machine.consumerSuspended(consumer) else {
          Issue.record("expected an immediate resume")
          consumer.resume()
          return
        }
        resumed.resume()
      }
    }

    @Test func isWokenOnce() async {
      var machine = Machine(policy: .unbounded)
      await withUnsafeContinuation { (consumer: Machine.ConsumerContinuation) in
        _ = machine.consumerSuspended(consumer)
        machine.consumerWoken()?.resume()
      }
      #expect(machine.consumerWoken() == nil)
    }
  }

  @Suite struct ProducerSuspended {
    @Test func whileActiveWaitsUntilWoken() async {
      var machine = Machine(policy: .bufferingOldest(1))
      await withUnsafeContinuation { (producer: Machine.ProducerContinuation) in
        #expect(machine.producerSuspended(producer) == nil)
        let woken = machine.producersWoken()
        #expect(woken.count == 1)
        woken.resumeAll()
      }
      #expect(machine.producersWoken().isEmpty)
    }

    @Test func givingBackTheOverflowWakesThem() async {
      var machine = Machine(policy: .bufferingNewest(1))
      _ = machine.overflowReceived(.value(1), buffered: 0)
      _ = ForAwaitStateMachineTests.takeOverflow(&machine)
      await withUnsafeContinuation { (producer: Machine.ProducerContinuation) in
        _ = machine.producerSuspended(producer)
        let woken = machine.overflowGivenBack(1)
        #expect(woken.count == 1)
        woken.resumeAll()
      }
    }

    @Test func afterTheEndResumesAtOnce() async {
      var machine = Machine(policy: .bufferingOldest(1))
      _ = machine.finished()
      await withUnsafeContinuation { (producer: Machine.ProducerContinuation) in
        machine.producerSuspended(producer)?.resume()
      }
    }
  }

  @Suite struct Finished {
    @Test func returnsEveryWaiterAndTheOverflowOnce() async {
      var machine = Machine(policy: .unbounded)
      await withUnsafeContinuation { (producer: Machine.ProducerContinuation) in
        _ = machine.producerSuspended(producer)
        _ = machine.overflowReceived(.value(1), buffered: 0)
        let (consumer, producers, dropped) = machine.finished()
        #expect(consumer == nil)
        #expect(producers.count == 1)
        #expect(dropped.count == 1)
        producers.resumeAll()
      }
      #expect(machine.isFinished)
      let (consumer, producers, dropped) = machine.finished()
      #expect(consumer == nil && producers.isEmpty && dropped.isEmpty)
    }
  }
}
