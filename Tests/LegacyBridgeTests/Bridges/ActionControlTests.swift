import AsyncSignals
import AsyncSignalsTesting
import LegacyBridge
import TestSupport
import Testing

@Suite struct ActionControlTests {
  let control = ActionControl<String>()

  @Test func targetsAndSubscribersReceiveActionsInOrder() {
    let received = TestRecorder<String, Never>()
    let target = control.addTarget(isolation: nil) { received.observer.send("target \($0)") }
    let subscription = control.actions.subscribe(isolation: nil, value: { received.observer.send("signal \($0)") })
    control.sendAction("tap")
    control.sendAction("hold")
    target.dispose()
    subscription.dispose()

    #expect(received.values == ["target tap", "signal tap", "target hold", "signal hold"])
  }

  @Test func disposingRemovesTheTarget() {
    let received = TestRecorder<String, Never>()
    let target = control.addTarget(isolation: nil) { received.observer.send($0) }
    #expect(control.hasTargets)
    control.sendAction("before")
    target.dispose()
    control.sendAction("after")

    #expect(!control.hasTargets)
    #expect(received.values == ["before"])
  }

  @Test func actionsComposeWithOperators() {
    let taps = ActionControl<Void>()
    let counts = TestRecorder<Int, Never>()
    let subscription = taps.actions.map { 1 }.scan(0, +).take(3).subscribe(counts.observer)
    for _ in 0..<4 {
      taps.sendAction()
    }
    subscription.dispose()

    #expect(counts.untimedEvents == [.value(1), .value(2), .value(3), .completed])
    #expect(!taps.hasTargets)
  }
}
