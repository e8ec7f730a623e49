import Testing

@testable import AsyncSignals

/// The `for await` buffer state machine, tested as a value.
///
/// Continuations cannot be made outside a Task, so the states that hold one are reached inside
/// `withUnsafeContinuation` and resumed before the test returns.
@Suite(.timeLimit(.minutes(1))) struct ForAwaitStateMachineTests {
  typealias Machine = ForAwaitStateMachine<Int, Never>
}

extension ForAwaitStateMachineTests {
  @Suite struct EventReceived {
    @Test func whileBufferingAppends() {
      var machine = Machine(policy: .unbounded)
      guard case .none = machine.eventReceived(.value(1)) else {
        Issue.record("expected the value to be buffered")
        return
      }
      guard case .takeBatch(let batch, _) = machine.nextBatchRequested(recycling: []) else {
        Issue.record("expected a batch")
        return
      }
      #expect(batch == [.value(1)])
    }

    @Test func whenBufferingNewestIsFullDropsTheOldest() {
      var machine = Machine(policy: .bufferingNewest(2))
      _ = machine.eventReceived(.value(1))
      _ = machine.eventReceived(.value(2))
      guard case .release(let dropped) = machine.eventReceived(.value(3)) else {
        Issue.record("expected a drop")
        return
      }
      #expect(dropped == .value(1))
      guard case .takeBatch(let batch, _) = machine.nextBatchRequested(recycling: []) else {
        Issue.record("expected a batch")
        return
      }
      #expect(batch == [.value(2), .value(3)])
    }

    @Test func whenBufferingOldestIsFullDropsTheNewcomer() {
      var machine = Machine(policy: .bufferingOldest(1))
      _ = machine.eventReceived(.value(1))
      guard case .release(let dropped) = machine.eventReceived(.value(2)) else {
        Issue.record("expected a drop")
        return
      }
      #expect(dropped == .value(2))
    }

    @Test func terminalEventIsKeptWhenFull() {
      var machine = Machine(policy: .bufferingOldest(1))
      _ = machine.eventReceived(.value(1))
      guard case .none = machine.eventReceived(.completed) else {
        Issue.record("expected the terminal event to be kept")
        return
      }
    }

    @Test func whileAwaitingResumesTheConsumer() async {
      var machine = Machine(policy: .unbounded)
      guard case .suspend = machine.nextBatchRequested(recycling: []) else {
        Issue.record("expected to suspend")
        return
      }
      let batch = await withUnsafeContinuation { (consumer: Machine.ConsumerContinuation) in
        guard case .wait = machine.consumerSuspended(consumer) else {
          Issue.record("expected to wait")
          consumer.resume(returning: [])
          return
        }
        guard case .resumeConsumer(let resumed, let batch) = machine.eventReceived(.value(7)) else {
          Issue.record("expected the consumer to be resumed")
          return
        }
        resumed.resume(returning: batch)
      }
      #expect(batch == [.value(7)])
    }

    @Test func whileAwaitingResumesInTheRecycledBatch() async {
      var machine = Machine(policy: .unbounded)
      var recycled = Machine.Batch()
      recycled.reserveCapacity(32)
      let recycledCapacity = recycled.capacity
      _ = machine.eventReceived(.value(1))
      guard case .takeBatch = machine.nextBatchRequested(recycling: []) else {
        Issue.record("expected a batch")
        return
      }
      guard case .suspend = machine.nextBatchRequested(recycling: consume recycled) else {
        Issue.record("expected to suspend")
        return
      }
      let batch = await withUnsafeContinuation { (consumer: Machine.ConsumerContinuation) in
        _ = machine.consumerSuspended(consumer)
        guard case .resumeConsumer(let resumed, let batch) = machine.eventReceived(.value(7)) else {
          Issue.record("expected the consumer to be resumed")
          consumer.resume(returning: [])
          return
        }
        resumed.resume(returning: batch)
      }
      #expect(batch == [.value(7)])
      #expect(batch.capacity == recycledCapacity)
    }

    @Test func whenFinishedReleases() {
      var machine = Machine(policy: .unbounded)
      _ = machine.finished()
      guard case .release = machine.eventReceived(.value(1)) else {
        Issue.record("expected a release")
        return
      }
    }
  }

  @Suite struct NextBatchRequested {
    @Test func withNothingBufferedSuspends() {
      var machine = Machine(policy: .unbounded)
      guard case .suspend(let producers) = machine.nextBatchRequested(recycling: []) else {
        Issue.record("expected to suspend")
        return
      }
      #expect(producers.isEmpty)
    }

    @Test func whenFinishedEnds() {
      var machine = Machine(policy: .unbounded)
      _ = machine.finished()
      guard case .end = machine.nextBatchRequested(recycling: []) else {
        Issue.record("expected the end")
        return
      }
    }

    @Test func countsTheBatchAsInFlightUntilTheNextRequest() {
      var machine = Machine(policy: .bufferingOldest(2))
      _ = machine.eventReceived(.value(1))
      _ = machine.eventReceived(.value(2))
      #expect(!machine.hasRoom())
      _ = machine.nextBatchRequested(recycling: [])
      #expect(!machine.hasRoom())
      _ = machine.nextBatchRequested(recycling: [])
      #expect(machine.hasRoom())
    }
  }

  @Suite struct ProducerSuspended {
    @Test func withRoomResumesAtOnce() async {
      var machine = Machine(policy: .bufferingOldest(2))
      await withUnsafeContinuation { (producer: Machine.ProducerContinuation) in
        let resumeNow = machine.producerSuspended(producer)
        #expect(resumeNow != nil)
        resumeNow?.resume()
      }
    }

    @Test func withoutRoomWaitsForTheNextBatchRequest() async {
      var machine = Machine(policy: .bufferingOldest(1))
      _ = machine.eventReceived(.value(1))
      await withUnsafeContinuation { (producer: Machine.ProducerContinuation) in
        #expect(machine.producerSuspended(producer) == nil)
        // Taking the batch keeps the value in flight: the producer still waits.
        guard case .takeBatch(_, let resumedEarly) = machine.nextBatchRequested(recycling: []) else {
          Issue.record("expected a batch")
          return
        }
        #expect(resumedEarly.isEmpty)
        guard case .suspend(let resumed) = machine.nextBatchRequested(recycling: []) else {
          Issue.record("expected to suspend")
          return
        }
        #expect(resumed.count == 1)
        resumed.resumeAll()
      }
    }

    @Test func whenCancelledWakesEveryProducer() async {
      var machine = Machine(policy: .bufferingOldest(1))
      _ = machine.eventReceived(.value(1))
      await withUnsafeContinuation { (producer: Machine.ProducerContinuation) in
        #expect(machine.producerSuspended(producer) == nil)
        let woken = machine.producerCancelled()
        #expect(woken.count == 1)
        woken.resumeAll()
      }
    }
  }

  @Suite struct Finished {
    @Test func dropsTheBufferAndWakesProducers() async {
      var machine = Machine(policy: .bufferingOldest(1))
      _ = machine.eventReceived(.value(1))
      await withUnsafeContinuation { (producer: Machine.ProducerContinuation) in
        #expect(machine.producerSuspended(producer) == nil)
        let action = machine.finished()
        #expect(action.dropped == [.value(1)])
        #expect(action.consumer == nil)
        #expect(action.producers.count == 1)
        action.producers.resumeAll()
      }
      #expect(machine.hasRoom())
    }

    @Test func whileAwaitingHandsBackTheConsumer() async {
      var machine = Machine(policy: .unbounded)
      _ = machine.nextBatchRequested(recycling: [])
      let batch = await withUnsafeContinuation { (consumer: Machine.ConsumerContinuation) in
        _ = machine.consumerSuspended(consumer)
        let action = machine.finished()
        action.consumer?.resume(returning: [])
      }
      #expect(batch.isEmpty)
    }
  }
}
