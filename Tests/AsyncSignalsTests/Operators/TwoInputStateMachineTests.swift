import Testing

@testable import AsyncSignals

/// The pure state machines of the two-input operators, tested as values.
@Suite struct TwoInputStateMachineTests {
  typealias Sample = SampleStateMachine<Int, Boom>
  typealias WithLatest = WithLatestStateMachine<Int, Boom, String>
  typealias Replacement = TakeUntilReplacementStateMachine

  /// A comparable rendering of an action.
  static func describe<Value>(_ action: TwoInputAction<Value, Boom>) -> String {
    switch action {
    case .none: "none"
    case .send(let value): "send(\(value))"
    case .endFirstAndSend(let value): "endFirstAndSend(\(value))"
    case .finish(let event): "finish(\(event))"
    }
  }

  @Suite struct SampleMachine {
    @Test func samplerBeforeAnyValueSendsNothing() {
      var machine = Sample()
      #expect(describe(machine.samplerFired()) == "none")
    }

    @Test func samplerSendsTheLatestValueEachTime() {
      var machine = Sample()
      _ = machine.received(.value(1))
      _ = machine.received(.value(2))
      #expect(describe(machine.samplerFired()) == "send(2)")
      #expect(describe(machine.samplerFired()) == "send(2)")
    }

    @Test func receiverTerminalFinishesAndLaterInputsAreIgnored() {
      var machine = Sample()
      _ = machine.received(.value(1))
      #expect(describe(machine.received(.failed(Boom()))) == "finish(failed(Boom(code: 0)))")
      #expect(describe(machine.samplerFired()) == "none")
      #expect(describe(machine.samplerCompleted()) == "none")
      #expect(describe(machine.received(.value(3))) == "none")
    }

    @Test func samplerCompletionFinishes() {
      var machine = Sample()
      #expect(describe(machine.samplerCompleted()) == "finish(completed)")
      #expect(describe(machine.received(.completed)) == "none")
    }
  }

  @Suite struct WithLatestMachine {
    @Test func valuesBeforeTheOtherSentAreDropped() {
      var machine = WithLatest()
      #expect(describe(machine.received(.value(1))) == "none")
    }

    @Test func valuesArePairedWithTheLatest() {
      var machine = WithLatest()
      _ = machine.otherSent("a")
      _ = machine.otherSent("b")
      #expect(describe(machine.received(.value(1))) == "send((1, \"b\"))")
    }

    @Test func receiverCompletionFinishesAndLaterInputsAreIgnored() {
      var machine = WithLatest()
      #expect(describe(machine.received(.completed)) == "finish(completed)")
      _ = machine.otherSent("a")
      #expect(describe(machine.received(.value(1))) == "none")
    }
  }

  @Suite struct ReplacementMachine {
    @Test func receiverValuesAreForwardedUntilTheReplacementSends() {
      var machine = Replacement()
      #expect(machine.receiverSent(.value) == .forward)
      #expect(machine.replacementSent(.value) == .endReceiverAndForward)
      #expect(machine.receiverSent(.value) == .drop)
      #expect(machine.replacementSent(.value) == .forward)
      #expect(machine.replacementSent(.completed) == .forwardAndFinish)
      #expect(machine.replacementSent(.value) == .drop)
    }

    @Test func receiverCompletionWaitsForTheReplacement() {
      var machine = Replacement()
      #expect(machine.receiverSent(.completed) == .drop)
      #expect(machine.receiverSent(.value) == .drop)
      #expect(machine.replacementSent(.value) == .endReceiverAndForward)
    }

    @Test func receiverFailureFinishes() {
      var machine = Replacement()
      #expect(machine.receiverSent(.failed) == .forwardAndFinish)
      #expect(machine.replacementSent(.value) == .drop)
    }

    @Test func replacementTerminalAsFirstEventFinishes() {
      var machine = Replacement()
      #expect(machine.replacementSent(.failed) == .forwardAndFinish)
      #expect(machine.receiverSent(.value) == .drop)
    }
  }
}
