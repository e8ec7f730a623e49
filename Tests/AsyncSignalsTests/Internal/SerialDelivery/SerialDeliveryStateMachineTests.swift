import Testing

@testable import AsyncSignals

/// The protocol of `SerialDelivery`, tested as a value: every input in every state, with the state it leaves and
/// the action it returns.
///
/// The states are written with three requests where the count matters (one is the owner's own), so that a
/// transition that adds, removes or keeps requests shows in the result.
@Suite struct SerialDeliveryStateMachineTests {
  typealias Machine = SerialDeliveryStateMachine
  typealias Owner = Machine.Owner

  /// Applies `input` to a machine in `state`; returns the action and the state it leaves.
  static func apply<Action>(
    _ state: Machine.State,
    _ input: (inout Machine) -> Action
  ) -> (action: Action, state: Machine.State) {
    var machine = Machine(state)
    let action = input(&machine)
    return (action, machine.state)
  }

  /// The owners other than `owner`.
  static func owners(except owner: Owner) -> [Owner] {
    Owner.allCases.filter { $0 != owner }
  }
}

extension SerialDeliveryStateMachineTests {
  @Suite struct Encoding {
    static let states: [Machine.State] =
      [.idle, .stopped]
      + Owner.allCases.flatMap { owner in
        [1, 2, 1_000].flatMap { requests in
          [Machine.State.owned(owner, requests: requests), .stopping(owner, requests: requests)]
        }
      }

    @Test(arguments: states) func everyStateSurvivesTheWord(_ state: Machine.State) {
      #expect(Machine(encoded: Machine(state).encoded).state == state)
    }

    @Test func idleIsZeroSoThatASenderTakesDeliveryWithOneCompareAndSwapFromZero() {
      #expect(Machine(.idle).encoded == 0)
    }

    /// The body's per-event path compares the word with `bodyAlone` instead of asking the machine: the answers
    /// must be the machine's, and no other state may give them.
    @Test(arguments: states) func onlyTheBodyAloneLetsTheBodyDeliverAtOnce(_ state: Machine.State) {
      let isBodyAlone = Machine(state).encoded == Machine.bodyAlone
      #expect(isBodyAlone == (state == .owned(.body, requests: 1)))
      guard isBodyAlone else { return }
      #expect(Machine(state).ownerThreadSent() == .deliver)
      #expect(Machine(state).bodyDelivered() == .resume)
    }

    @Test(arguments: states) func onlyStoppedStatesReadAsStopped(_ state: Machine.State) {
      let stopped =
        switch state {
        case .idle, .owned: false
        case .stopping, .stopped: true
        }
      #expect(Machine(state).isStopped == stopped)
    }

    @Test func aWordNoTransitionMakesStopsTheProcess() async {
      await #expect(processExitsWith: .failure) {
        _ = SerialDeliveryStateMachine(encoded: 1 << 1)  // an owner, but no request
      }
      await #expect(processExitsWith: .failure) {
        _ = SerialDeliveryStateMachine(encoded: -8)  // a negative count
      }
    }
  }

  @Suite struct SendArrived {
    @Test func whileIdleTheSenderTakesDelivery() {
      let result = apply(.idle) { $0.sendArrived() }
      #expect(result.action == .deliver)
      #expect(result.state == .owned(.sender, requests: 1))
    }

    @Test(arguments: Owner.allCases) func whileOwnedItQueues(_ owner: Owner) {
      let result = apply(.owned(owner, requests: 3)) { $0.sendArrived() }
      #expect(result.action == .queue)
      #expect(result.state == .owned(owner, requests: 3))
    }

    @Test(arguments: Owner.allCases) func whileStoppingItDrops(_ owner: Owner) {
      let result = apply(.stopping(owner, requests: 3)) { $0.sendArrived() }
      #expect(result.action == .drop)
      #expect(result.state == .stopping(owner, requests: 3))
    }

    @Test func whenStoppedItDrops() {
      let result = apply(.stopped) { $0.sendArrived() }
      #expect(result.action == .drop)
      #expect(result.state == .stopped)
    }
  }

  @Suite struct EventQueued {
    @Test func whileIdleTheSenderBecomesTheDrain() {
      let result = apply(.idle) { $0.eventQueued() }
      #expect(result.action == .appendAndDrain)
      #expect(result.state == .owned(.drain, requests: 1))
    }

    @Test(arguments: Owner.allCases) func whileOwnedItCountsTheEventForTheOwner(_ owner: Owner) {
      let result = apply(.owned(owner, requests: 3)) { $0.eventQueued() }
      #expect(result.action == .append(requests: 4))
      #expect(result.state == .owned(owner, requests: 4))
    }

    @Test(arguments: Owner.allCases) func whileStoppingNothingIsQueued(_ owner: Owner) {
      let result = apply(.stopping(owner, requests: 3)) { $0.eventQueued() }
      #expect(result.action == .drop)
      #expect(result.state == .stopping(owner, requests: 3))
    }

    @Test func whenStoppedNothingIsQueued() {
      let result = apply(.stopped) { $0.eventQueued() }
      #expect(result.action == .drop)
      #expect(result.state == .stopped)
    }
  }

  @Suite struct DisposeRequested {
    @Test func whileIdleTheDisposerReleasesAsTheDrain() {
      let result = apply(.idle) { $0.disposeRequested() }
      #expect(result.action == .drain)
      #expect(result.state == .stopping(.drain, requests: 1))
    }

    @Test(arguments: Owner.allCases) func whileOwnedItStopsAndCountsTheReleaseForTheOwner(_ owner: Owner) {
      let result = apply(.owned(owner, requests: 3)) { $0.disposeRequested() }
      #expect(result.action == .none)
      #expect(result.state == .stopping(owner, requests: 4))
    }

    @Test(arguments: Owner.allCases) func whileStoppingItDoesNothing(_ owner: Owner) {
      let result = apply(.stopping(owner, requests: 3)) { $0.disposeRequested() }
      #expect(result.action == .none)
      #expect(result.state == .stopping(owner, requests: 3))
    }

    @Test func whenStoppedItDoesNothing() {
      let result = apply(.stopped) { $0.disposeRequested() }
      #expect(result.action == .none)
      #expect(result.state == .stopped)
    }
  }

  @Suite struct DeliveryChecked {
    @Test(arguments: Owner.allCases) func whileOwnedTheEventIsDelivered(_ owner: Owner) {
      #expect(Machine(.owned(owner, requests: 3)).deliveryChecked() == .deliver)
    }

    @Test(arguments: Owner.allCases) func whileStoppingTheEventIsDropped(_ owner: Owner) {
      #expect(Machine(.stopping(owner, requests: 3)).deliveryChecked() == .drop)
    }

    @Test func withoutAnOwnerItStopsTheProcess() async {
      await #expect(processExitsWith: .failure) {
        _ = SerialDeliveryStateMachine(.idle).deliveryChecked()
      }
      await #expect(processExitsWith: .failure) {
        _ = SerialDeliveryStateMachine(.stopped).deliveryChecked()
      }
    }
  }

  @Suite struct TerminalArrived {
    @Test(arguments: Owner.allCases) func whileOwnedItStopsKeepingTheRequests(_ owner: Owner) {
      let result = apply(.owned(owner, requests: 3)) { $0.terminalArrived() }
      #expect(result.action == .deliver)
      #expect(result.state == .stopping(owner, requests: 3))
    }

    @Test(arguments: Owner.allCases) func whileStoppingItIsDropped(_ owner: Owner) {
      let result = apply(.stopping(owner, requests: 3)) { $0.terminalArrived() }
      #expect(result.action == .drop)
      #expect(result.state == .stopping(owner, requests: 3))
    }

    @Test func withoutAnOwnerItStopsTheProcess() async {
      await #expect(processExitsWith: .failure) {
        var machine = SerialDeliveryStateMachine(.idle)
        _ = machine.terminalArrived()
      }
    }
  }

  @Suite struct SenderFinished {
    @Test func withOnlyItsOwnRequestDeliveryGoesIdle() {
      let result = apply(.owned(.sender, requests: 1)) { $0.senderFinished() }
      #expect(result.action == .finish)
      #expect(result.state == .idle)
    }

    @Test func withQueuedRequestsTheSenderDrainsThem() {
      let result = apply(.owned(.sender, requests: 3)) { $0.senderFinished() }
      #expect(result.action == .drain(missed: 2))
      #expect(result.state == .owned(.drain, requests: 2))
    }

    @Test func afterItsOwnTerminalEventDeliveryIsStopped() {
      let result = apply(.stopping(.sender, requests: 1)) { $0.senderFinished() }
      #expect(result.action == .finish)
      #expect(result.state == .stopped)
    }

    @Test func whileStoppingWithQueuedRequestsTheSenderDrainsToRelease() {
      let result = apply(.stopping(.sender, requests: 3)) { $0.senderFinished() }
      #expect(result.action == .drain(missed: 2))
      #expect(result.state == .stopping(.drain, requests: 2))
    }

    @Test func fromAnotherOwnerItStopsTheProcess() async {
      await #expect(processExitsWith: .failure) {
        var machine = SerialDeliveryStateMachine(.owned(.body, requests: 1))
        _ = machine.senderFinished()
      }
      await #expect(processExitsWith: .failure) {
        var machine = SerialDeliveryStateMachine(.idle)
        _ = machine.senderFinished()
      }
    }
  }

  @Suite struct BodyStarted {
    @Test func whileIdleTheBodyTakesDelivery() {
      let result = apply(.idle) { $0.bodyStarted() }
      #expect(result.action == .runAsOwner)
      #expect(result.state == .owned(.body, requests: 1))
    }

    @Test func whileOwnedItRunsWithoutOwning() {
      let result = apply(.owned(.sender, requests: 1)) { $0.bodyStarted() }
      #expect(result.action == .runWithoutOwning)
      #expect(result.state == .owned(.sender, requests: 1))
    }

    @Test func afterDisposalItRunsWithoutOwning() {
      for state in [Machine.State.stopping(.drain, requests: 1), .stopped] {
        let result = apply(state) { $0.bodyStarted() }
        #expect(result.action == .runWithoutOwning)
        #expect(result.state == state)
      }
    }
  }

  @Suite struct OwnerThreadSent {
    @Test func theBodyDeliversWhenNothingIsQueued() {
      #expect(Machine(.owned(.body, requests: 1)).ownerThreadSent() == .deliver)
    }

    @Test func theBodyQueuesBehindWhatOtherThreadsQueued() {
      #expect(Machine(.owned(.body, requests: 3)).ownerThreadSent() == .queueAndDrain)
    }

    @Test func afterTheBodysTerminalEventItDrops() {
      #expect(Machine(.stopping(.body, requests: 1)).ownerThreadSent() == .drop)
    }

    @Test func afterDisposalTheBodyDropsAndReleases() {
      #expect(Machine(.stopping(.body, requests: 3)).ownerThreadSent() == .dropAndDrain(missed: 2))
    }

    @Test(arguments: owners(except: .body)) func fromAnotherOwnersThreadItQueues(_ owner: Owner) {
      #expect(Machine(.owned(owner, requests: 3)).ownerThreadSent() == .queue)
    }

    @Test(arguments: owners(except: .body)) func fromAnotherOwnersThreadWhileStoppingItDrops(_ owner: Owner) {
      #expect(Machine(.stopping(owner, requests: 3)).ownerThreadSent() == .drop)
    }

    @Test func withoutAnOwnerItStopsTheProcess() async {
      await #expect(processExitsWith: .failure) {
        _ = SerialDeliveryStateMachine(.idle).ownerThreadSent()
      }
    }
  }

  @Suite struct BodyDelivered {
    @Test func withNothingQueuedTheBodyResumes() {
      #expect(Machine(.owned(.body, requests: 1)).bodyDelivered() == .resume)
      #expect(Machine(.stopping(.body, requests: 1)).bodyDelivered() == .resume)
    }

    @Test func withQueuedRequestsTheBodysThreadDrainsThem() {
      #expect(Machine(.owned(.body, requests: 3)).bodyDelivered() == .drain(missed: 2))
      #expect(Machine(.stopping(.body, requests: 3)).bodyDelivered() == .drain(missed: 2))
    }

    @Test func fromAnotherOwnerItStopsTheProcess() async {
      await #expect(processExitsWith: .failure) {
        _ = SerialDeliveryStateMachine(.owned(.sender, requests: 1)).bodyDelivered()
      }
    }
  }

  @Suite struct BodyDrainFinished {
    @Test func theBodyKeepsItsOwnRequest() {
      let result = apply(.owned(.body, requests: 3)) { $0.bodyDrainFinished(handled: 2, released: false) }
      #expect(result.action == .resume)
      #expect(result.state == .owned(.body, requests: 1))
    }

    @Test func requestsMadeDuringTheRoundStay() {
      let result = apply(.owned(.body, requests: 5)) { $0.bodyDrainFinished(handled: 2, released: false) }
      #expect(result.action == .resume)
      #expect(result.state == .owned(.body, requests: 3))
    }

    @Test func whileStoppingItReleasesFirst() {
      let result = apply(.stopping(.body, requests: 3)) { $0.bodyDrainFinished(handled: 2, released: false) }
      #expect(result.action == .release)
      #expect(result.state == .stopping(.body, requests: 3))
    }

    @Test func whileStoppingAfterTheReleaseTheBodyResumes() {
      let result = apply(.stopping(.body, requests: 3)) { $0.bodyDrainFinished(handled: 2, released: true) }
      #expect(result.action == .resume)
      #expect(result.state == .stopping(.body, requests: 1))
    }

    @Test func handlingTheBodysOwnRequestStopsTheProcess() async {
      await #expect(processExitsWith: .failure) {
        var machine = SerialDeliveryStateMachine(.owned(.body, requests: 2))
        _ = machine.bodyDrainFinished(handled: 2, released: false)
      }
    }
  }

  @Suite struct BodyReturned {
    @Test func withOnlyItsOwnRequestDeliveryGoesIdle() {
      let result = apply(.owned(.body, requests: 1)) { $0.bodyReturned() }
      #expect(result.action == .finish)
      #expect(result.state == .idle)
    }

    @Test func withQueuedRequestsTheBodysThreadDrainsThem() {
      let result = apply(.owned(.body, requests: 3)) { $0.bodyReturned() }
      #expect(result.action == .drain(missed: 2))
      #expect(result.state == .owned(.drain, requests: 2))
    }

    @Test func afterItsTerminalEventDeliveryIsStopped() {
      let result = apply(.stopping(.body, requests: 1)) { $0.bodyReturned() }
      #expect(result.action == .finish)
      #expect(result.state == .stopped)
    }

    @Test func afterDisposalTheBodysThreadDrainsToRelease() {
      let result = apply(.stopping(.body, requests: 2)) { $0.bodyReturned() }
      #expect(result.action == .drain(missed: 1))
      #expect(result.state == .stopping(.drain, requests: 1))
    }

    @Test func fromAnotherOwnerItStopsTheProcess() async {
      await #expect(processExitsWith: .failure) {
        var machine = SerialDeliveryStateMachine(.owned(.sender, requests: 1))
        _ = machine.bodyReturned()
      }
    }
  }

  @Suite struct DrainRoundFinished {
    @Test func withEveryRequestHandledDeliveryGoesIdle() {
      let result = apply(.owned(.drain, requests: 3)) {
        $0.drainRoundFinished(handled: 3, released: false, mayContinue: true)
      }
      #expect(result.action == .finish)
      #expect(result.state == .idle)
    }

    @Test func requestsMadeDuringTheRoundAreTheNextRound() {
      let result = apply(.owned(.drain, requests: 5)) {
        $0.drainRoundFinished(handled: 3, released: false, mayContinue: true)
      }
      #expect(result.action == .drain(missed: 2))
      #expect(result.state == .owned(.drain, requests: 2))
    }

    @Test func pastTheBudgetTheRestIsHandedOff() {
      let result = apply(.owned(.drain, requests: 5)) {
        $0.drainRoundFinished(handled: 3, released: false, mayContinue: false)
      }
      #expect(result.action == .handOff)
      #expect(result.state == .owned(.handOff, requests: 2))
    }

    @Test func pastTheBudgetWithEveryRequestHandledDeliveryGoesIdle() {
      let result = apply(.owned(.drain, requests: 3)) {
        $0.drainRoundFinished(handled: 3, released: false, mayContinue: false)
      }
      #expect(result.action == .finish)
      #expect(result.state == .idle)
    }

    @Test func whileStoppingItReleasesFirst() {
      let result = apply(.stopping(.drain, requests: 3)) {
        $0.drainRoundFinished(handled: 3, released: false, mayContinue: true)
      }
      #expect(result.action == .release)
      #expect(result.state == .stopping(.drain, requests: 3))
    }

    @Test func whileStoppingAfterTheReleaseDeliveryStops() {
      let result = apply(.stopping(.drain, requests: 3)) {
        $0.drainRoundFinished(handled: 3, released: true, mayContinue: true)
      }
      #expect(result.action == .finish)
      #expect(result.state == .stopped)
    }

    @Test func whileStoppingTheRestIsNeverHandedOff() {
      let result = apply(.stopping(.drain, requests: 5)) {
        $0.drainRoundFinished(handled: 3, released: true, mayContinue: false)
      }
      #expect(result.action == .drain(missed: 2))
      #expect(result.state == .stopping(.drain, requests: 2))
    }

    @Test func handlingMoreThanWasCountedStopsTheProcess() async {
      await #expect(processExitsWith: .failure) {
        var machine = SerialDeliveryStateMachine(.owned(.drain, requests: 2))
        _ = machine.drainRoundFinished(handled: 3, released: false, mayContinue: true)
      }
    }

    @Test func fromAnotherOwnerItStopsTheProcess() async {
      await #expect(processExitsWith: .failure) {
        var machine = SerialDeliveryStateMachine(.owned(.sender, requests: 2))
        _ = machine.drainRoundFinished(handled: 1, released: false, mayContinue: true)
      }
    }
  }

  @Suite struct HandOffStarted {
    @Test func theTaskBecomesTheDrain() {
      let result = apply(.owned(.handOff, requests: 4)) { $0.handOffStarted() }
      #expect(result.action == .drain(missed: 4))
      #expect(result.state == .owned(.drain, requests: 4))
    }

    @Test func afterDisposalTheTaskDrainsToRelease() {
      let result = apply(.stopping(.handOff, requests: 4)) { $0.handOffStarted() }
      #expect(result.action == .drain(missed: 4))
      #expect(result.state == .stopping(.drain, requests: 4))
    }

    @Test func withoutAHandOffItStopsTheProcess() async {
      await #expect(processExitsWith: .failure) {
        var machine = SerialDeliveryStateMachine(.owned(.drain, requests: 1))
        _ = machine.handOffStarted()
      }
    }
  }
}
