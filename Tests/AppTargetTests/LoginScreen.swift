import AsyncSignals
import LegacyBridge
import Observation
import Testing

// The login screen of Docs/Apps.md in an Xcode 26 app target: no `@MainActor` anywhere, since the target makes
// every declaration main-actor-isolated unless it says otherwise. Nothing here is `@Sendable`,
// `@unchecked Sendable`, `nonisolated(unsafe)` or `assumeIsolated`.

final class Button {
  var isEnabled = false
  private let control = ActionControl<Void>()
  var taps: Signal<Void, Never> { control.actions }
  func tap() { control.sendAction() }
}

final class Spinner {
  var history: [Bool] = []
}

final class Label {
  var text = ""
}

/// A value that crosses threads: `nonisolated`, so that it is `Sendable` and its `Equatable` conformance can be
/// used off the main actor (by `distinctUntilChanged()`, say).
nonisolated struct Credentials: Sendable, Equatable {
  var username: String
  var password: String
}

nonisolated struct Account: Sendable, Equatable {
  let name: String
}

nonisolated enum LoginError: Error, Equatable {
  case wrongPassword
}

/// The server, answered by the test: each login waits until the test resolves it.
final class FakeServer {
  private(set) var requests: [Credentials] = []
  private var pending: [PassthroughSubject<Account, LoginError>] = []

  func logIn(_ credentials: Credentials) -> Signal<Account, LoginError> {
    requests.append(credentials)
    let response = PassthroughSubject<Account, LoginError>()
    pending.append(response)
    return response.signal
  }

  func succeed(as name: String) {
    let response = pending.removeFirst()
    response.send(Account(name: name))
    response.complete()
  }

  func fail(with error: LoginError) {
    pending.removeFirst().fail(error)
  }
}

@Observable final class LoginFields {
  var username = ""
  var password = ""
}

final class LoginViewModel {
  let fields = LoginFields()
  let login: Command<Credentials, Account, LoginError>
  private(set) var account: Account?
  private(set) var attempts = 0
  private let bag = DisposeBag()

  init(server: FakeServer) {
    // Both fields observed, combined, mapped, and only changes passed on.
    let isValid = Signal.combineLatest(Signal.observing(fields, \.username), Signal.observing(fields, \.password))
      .map { username, password in !username.isEmpty && password.count >= 4 }
      .distinctUntilChanged()
    login = Command(enabled: isValid) { [server] credentials in
      MainActor.preconditionIsolated()  // the execution closure runs on the main actor
      return server.logIn(credentials)
    }
    login.values.subscribe(value: { [weak self] in self?.account = $0 }).disposed(by: bag)
    login.executionSignals.subscribe(value: { [weak self] _ in self?.attempts += 1 }).disposed(by: bag)
  }

  var credentials: Credentials { Credentials(username: fields.username, password: fields.password) }
}

final class LoginViewController {
  let model: LoginViewModel
  let button = Button()
  let spinner = Spinner()
  let errorLabel = Label()
  let greeting = Label()
  let bag = DisposeBag()

  init(model: LoginViewModel) {
    self.model = model
  }

  func bind() {
    model.login.isEnabled.bind(to: button, \.isEnabled).disposed(by: bag)
    model.login.isExecuting.subscribeNext { [spinner] in spinner.history.append($0) }.disposed(by: bag)
    model.login.errors.subscribeNext { [errorLabel] _ in errorLabel.text = "Wrong password" }.disposed(by: bag)
    Signal.observing(model.fields, \.username)
      .subscribe(value: { [greeting] in greeting.text = "Hello, \($0)" })
      .disposed(by: bag)
    button.taps.subscribe(value: { [model] _ in model.login.execute(model.credentials) }).disposed(by: bag)
  }
}

/// Returns after every main-actor job queued before the call has run: an observation's read is one such job.
func nextMainActorTurn() async {
  await Task {}.value
}

@Suite(.timeLimit(.minutes(1)))
struct LoginScreenTests {
  let server = FakeServer()
  let screen: LoginViewController

  init() {
    screen = LoginViewController(model: LoginViewModel(server: server))
    screen.bind()
  }

  @Test func theBindingsShowTheCurrentStateAtOnce() {
    #expect(screen.button.isEnabled == false)
    #expect(screen.spinner.history == [false])
    #expect(screen.greeting.text == "Hello, ")
  }

  @Test func typingEnablesTheButtonAndTappingLogsIn() async {
    screen.model.fields.username = "ada"
    screen.model.fields.password = "lovelace"
    await nextMainActorTurn()
    #expect(screen.greeting.text == "Hello, ada")
    #expect(screen.button.isEnabled)
    screen.button.tap()
    #expect(server.requests == [Credentials(username: "ada", password: "lovelace")])
    #expect(screen.spinner.history == [false, true])
    #expect(screen.model.attempts == 1)
    server.succeed(as: "Ada")
    #expect(screen.spinner.history == [false, true, false])
    #expect(screen.model.account == Account(name: "Ada"))
  }

  @Test func aFailedLoginShowsTheError() async {
    screen.model.fields.username = "ada"
    screen.model.fields.password = "wrong"
    await nextMainActorTurn()
    screen.button.tap()
    server.fail(with: .wrongPassword)
    #expect(screen.errorLabel.text == "Wrong password")
    #expect(screen.model.account == nil)
  }
}
