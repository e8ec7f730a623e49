import AsyncSignals
import AsyncSignalsTesting
import LegacyBridge
import TestSupport
import Testing

/// The classic ReactiveCocoa flows, ported.
@Suite(.timeLimit(.minutes(1)))
struct ClassicFlowTests {
  struct LoginFailed: Error, Equatable {}

  @Test func createSignalAndSubscribeNextReceiveTheMessage() {
    let lines = Locked<[String]>([])
    let signal = Signal<String, Never>.createSignal { subscriber in
      subscriber.sendNext("message")
      subscriber.sendCompleted()
      return nil
    }
    signal.subscribeNext(isolation: nil) { value in lines.withLock { $0.append("received: \(value)") } }
    #expect(lines.withLock { $0 } == ["received: message"])
  }

  @Test func observingAPropertyDeliversTheValueSetBeforeSubscribing() {
    let name = MutableProperty("")
    name.value = "set before subscribing"
    let recorder = TestRecorder<String, Never>()
    name.signal.subscribe(recorder.observer)
    #expect(recorder.values == ["set before subscribing"])
  }

  @Test func combineLatestOfTwoObservedPropertiesFiresOnSubscription() {
    let username = MutableProperty("ada")
    let password = MutableProperty("secret")
    let recorder = TestRecorder<String, Never>()
    Signal.combineLatest(username.signal, password.signal) { "\($0):\($1)" }.subscribe(recorder.observer)
    #expect(recorder.values == ["ada:secret"])
    password.value = "secret!"
    #expect(recorder.values == ["ada:secret", "ada:secret!"])
  }

  @Test func loginFormCommand() {
    let username = MutableProperty("")
    let password = MutableProperty("")
    let isFormValid = Signal.combineLatest(username.signal, password.signal) { name, password in
      !name.isEmpty && password.count >= 4
    }
    let server = PassthroughSubject<String, LoginFailed>()
    let requests = Counter()
    let login = Command<Void, String, LoginFailed>(isolation: nil, enabled: isFormValid) {
      requests.increment()
      return server.signal.take(1)
    }
    let enabled = TestRecorder<Bool, Never>()
    let executing = TestRecorder<Bool, Never>()
    let errors = TestRecorder<LoginFailed, Never>()
    let sessions = TestRecorder<String, Never>()
    login.isEnabled.subscribe(enabled.observer)
    login.isExecuting.subscribe(executing.observer)
    login.errors.subscribe(errors.observer)
    login.values.subscribe(sessions.observer)
    let taps = PassthroughSubject<Void, Never>()
    taps.signal.subscribeNext(isolation: nil) { login.execute() }

    taps.send(())  // invalid form: rejected, no request
    #expect(requests.value == 0)
    username.value = "ada"
    password.value = "pass"
    #expect(enabled.values == [false, true])

    taps.send(())
    taps.send(())  // while executing: disabled, no second request
    #expect(requests.value == 1)
    #expect(executing.values == [false, true])
    server.send("session-1")
    #expect(sessions.values == ["session-1"])
    #expect(executing.values == [false, true, false])

    taps.send(())
    server.fail(LoginFailed())
    #expect(requests.value == 2)
    #expect(errors.values == [LoginFailed()])
    #expect(executing.values == [false, true, false, true, false])
    #expect(enabled.values == [false, true, false, true, false, true])
  }
}
