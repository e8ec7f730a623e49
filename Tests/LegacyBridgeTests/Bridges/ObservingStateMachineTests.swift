import LegacyBridge
import Testing

@Suite struct ObservingStateMachineTests {
  /// A machine that has read once and now tracks generation 1.
  static func tracking() -> ObservingStateMachine {
    var machine = ObservingStateMachine()
    _ = machine.readStarted()
    _ = machine.readFinished(generation: 1)
    return machine
  }

  @Test func aFullCycleReadsTracksAndReadsAgainWithANewGeneration() {
    var machine = ObservingStateMachine()
    #expect(machine.readStarted() == .read(generation: 1))
    #expect(machine.readFinished(generation: 1) == .send)
    #expect(machine.changeNoticed(generation: 1) == .scheduleRead)
    #expect(machine.readStarted() == .read(generation: 2))
    #expect(machine.readFinished(generation: 2) == .send)
  }
}

extension ObservingStateMachineTests {
  @Suite struct ReadStarted {
    @Test func whenFinishedStops() {
      var machine = ObservingStateMachine()
      machine.disposed()
      #expect(machine.readStarted() == .stop)
    }
  }

  @Suite struct ReadFinished {
    @Test func whileReadingSends() {
      var machine = ObservingStateMachine()
      _ = machine.readStarted()
      #expect(machine.readFinished(generation: 1) == .send)
      #expect(machine.changeNoticed(generation: 1) == .scheduleRead)  // now tracking
    }

    @Test func afterAChangeDuringTheReadSendsAndSchedulesAnotherRead() {
      var machine = ObservingStateMachine()
      _ = machine.readStarted()
      #expect(machine.changeNoticed(generation: 1) == .none)
      #expect(machine.readFinished(generation: 1) == .sendAndScheduleRead)
      #expect(machine.changeNoticed(generation: 1) == .none)  // a read is due already
      #expect(machine.readStarted() == .read(generation: 2))
    }

    @Test func afterDisposalDuringTheReadDiscards() {
      var machine = ObservingStateMachine()
      _ = machine.readStarted()
      machine.disposed()
      #expect(machine.readFinished(generation: 1) == .discard)
    }
  }

  @Suite struct ChangeNoticed {
    @Test func whileTrackingSchedulesOneRead() {
      var machine = ObservingStateMachineTests.tracking()
      #expect(machine.changeNoticed(generation: 1) == .scheduleRead)
      #expect(machine.changeNoticed(generation: 1) == .none)  // the released closure's second notice
    }

    @Test func fromAnOlderTrackingIsIgnored() {
      var machine = ObservingStateMachineTests.tracking()
      _ = machine.changeNoticed(generation: 1)
      _ = machine.readStarted()
      #expect(machine.changeNoticed(generation: 1) == .none)
      #expect(machine.readFinished(generation: 2) == .send)
      #expect(machine.changeNoticed(generation: 1) == .none)
      #expect(machine.changeNoticed(generation: 2) == .scheduleRead)
    }

    @Test func whileAReadIsDueDoesNothing() {
      var machine = ObservingStateMachineTests.tracking()
      _ = machine.changeNoticed(generation: 1)
      #expect(machine.changeNoticed(generation: 1) == .none)
    }

    @Test func whenFinishedDoesNothing() {
      var machine = ObservingStateMachineTests.tracking()
      machine.disposed()
      #expect(machine.changeNoticed(generation: 1) == .none)
    }
  }

  @Suite struct ObjectReleased {
    @Test func whileReadingCompletesOnce() {
      var machine = ObservingStateMachine()
      _ = machine.readStarted()
      #expect(machine.objectReleased() == .complete)
      #expect(machine.objectReleased() == .none)
      #expect(machine.readStarted() == .stop)
    }

    @Test func afterDisposalDoesNothing() {
      var machine = ObservingStateMachine()
      _ = machine.readStarted()
      machine.disposed()
      #expect(machine.objectReleased() == .none)
    }
  }

  @Suite struct Disposed {
    @Test func whileTrackingEndsEverything() {
      var machine = ObservingStateMachineTests.tracking()
      machine.disposed()
      #expect(machine.changeNoticed(generation: 1) == .none)
      #expect(machine.readStarted() == .stop)
    }
  }

  @Suite struct ImpossibleTransitions {
    @Test func aSecondReadWhileReadingIsAnInternalInconsistency() async {
      await #expect(processExitsWith: .failure) {
        var machine = ObservingStateMachine()
        _ = machine.readStarted()
        _ = machine.readStarted()
      }
    }
  }
}
