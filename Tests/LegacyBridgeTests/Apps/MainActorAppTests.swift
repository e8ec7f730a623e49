import AsyncSignals
import AsyncSignalsTesting
import LegacyBridge
import Observation
import Testing

// An app as its author writes it in Swift 6 mode: plain, non-Sendable main-actor UI objects, a main-actor
// `@Observable` view model, a command, bindings. Nothing here is `@Sendable`, `@unchecked Sendable`,
// `nonisolated(unsafe)` or `assumeIsolated`, and no closure hops to the main actor by hand.

@MainActor final class Button {
  var isEnabled = false
  private let control = ActionControl<Void>()
  var taps: Signal<Void, Never> { control.actions }
  func tap() { control.sendAction() }
}

@MainActor final class Spinner {
  var isAnimating = false
  var history: [Bool] = []
}

@MainActor final class ErrorLabel {
  var text = ""
}

struct Form: Sendable, Equatable {
  var username: String
  var password: String
}

struct User: Sendable, Equatable {
  let name: String
}

enum LoginError: Error, Equatable {
  case wrongPassword
}

/// The server, answered by the test: each login waits until the test resolves it.
@MainActor final class FakeServer {
  private(set) var requests: [Form] = []
  private var pending: [PassthroughSubject<User, LoginError>] = []

  func login(_ form: Form) -> Signal<User, LoginError> {
    requests.append(form)
    let response = PassthroughSubject<User, LoginError>()
    pending.append(response)
    return response.signal
  }

  func succeed(as name: String) {
    let response = pending.removeFirst()
    response.send(User(name: name))
    response.complete()
  }

  func fail(with error: LoginError) {
    pending.removeFirst().fail(error)
  }
}

@MainActor @Observable final class LoginFields {
  var username = ""
  var password = ""
}

@MainActor final class LoginViewModel {
  let fields = LoginFields()
  let login: Command<Form, User, LoginError>
  private(set) var signedIn: User?
  private let bag = DisposeBag()

  init(server: FakeServer) {
    let isValid = Signal.combineLatest(
      Signal.observing(fields, \.username),
      Signal.observing(fields, \.password)
    )
    .map { username, password in !username.isEmpty && password.count >= 4 }
    login = Command(enabled: isValid) { [server] form in
      MainActor.preconditionIsolated()  // the execution closure runs on the main actor
      return server.login(form)
    }
    login.values.subscribe(value: { [weak self] in self?.signedIn = $0 }).disposed(by: bag)
  }

  var form: Form { Form(username: fields.username, password: fields.password) }
  var isValid: Signal<Bool, Never> { login.isEnabled }
}

@MainActor final class LoginViewController {
  let button = Button()
  let spinner = Spinner()
  let errorLabel = ErrorLabel()
  let model: LoginViewModel
  var title = ""
  let bag = DisposeBag()

  init(model: LoginViewModel) {
    self.model = model
  }

  func bind() {
    model.isValid.bind(to: button, \.isEnabled).disposed(by: bag)
    model.login.isExecuting.subscribeNext { [spinner] in
      spinner.isAnimating = $0
      spinner.history.append($0)
    }
    .disposed(by: bag)
    Signal.observing(model.fields, \.username).subscribe(value: { [weak self] in self?.title = $0 }).disposed(by: bag)
    model.login.errors.subscribeNext { [errorLabel] _ in errorLabel.text = "Wrong password" }.disposed(by: bag)
    button.taps.subscribe(value: { [model] _ in model.login.execute(model.form) }).disposed(by: bag)
  }
}

/// Returns after every main-actor job enqueued before the call has run: an observation's read is one such job.
@MainActor func nextMainActorTurn() async {
  let turn = Gate()
  Task { @MainActor in turn.open() }
  await turn.wait()
}

@MainActor
@Suite(.timeLimit(.minutes(1))) struct MainActorAppTests {
  let server = FakeServer()
  let controller: LoginViewController

  init() {
    controller = LoginViewController(model: LoginViewModel(server: server))
    controller.bind()
  }

  @Test func theBindingsShowTheCurrentStateAtOnce() {
    #expect(controller.button.isEnabled == false)
    #expect(controller.spinner.history == [false])
    #expect(controller.title == "")
    #expect(controller.errorLabel.text == "")
  }

  @Test func typingUpdatesTheTitleAndEnablesTheButton() async {
    controller.model.fields.username = "ada"
    await nextMainActorTurn()
    #expect(controller.title == "ada")
    #expect(controller.button.isEnabled == false)  // no password yet
    controller.model.fields.password = "lovelace"
    await nextMainActorTurn()
    #expect(controller.button.isEnabled == true)
    controller.model.fields.username = ""
    await nextMainActorTurn()
    #expect(controller.title == "")
    #expect(controller.button.isEnabled == false)
  }

  @Test func tappingLogsInWhileTheSpinnerTurns() async {
    controller.model.fields.username = "ada"
    controller.model.fields.password = "lovelace"
    await nextMainActorTurn()
    controller.button.tap()
    #expect(server.requests == [Form(username: "ada", password: "lovelace")])
    #expect(controller.spinner.isAnimating == true)
    #expect(controller.button.isEnabled == false)  // a serial command is disabled while it runs
    server.succeed(as: "Ada")
    #expect(controller.spinner.isAnimating == false)
    #expect(controller.spinner.history == [false, true, false])
    #expect(controller.model.signedIn == User(name: "Ada"))
    #expect(controller.button.isEnabled == true)
    #expect(controller.errorLabel.text == "")
  }

  @Test func aFailedLoginShowsTheError() async {
    controller.model.fields.username = "ada"
    controller.model.fields.password = "wrong"
    await nextMainActorTurn()
    controller.button.tap()
    server.fail(with: .wrongPassword)
    #expect(controller.errorLabel.text == "Wrong password")
    #expect(controller.spinner.isAnimating == false)
    #expect(controller.model.signedIn == nil)
  }

  @Test func tapsWhileTheButtonIsDisabledDoNotLogIn() async {
    controller.button.tap()
    #expect(server.requests.isEmpty)
    #expect(controller.spinner.history == [false])
  }

  @Test func disposingTheBagStopsEveryBinding() async {
    controller.bag.dispose()
    controller.model.fields.username = "grace"
    await nextMainActorTurn()
    #expect(controller.title == "")
  }
}

/// A custom actor subscribes and mutates its own state from the subscription's closure.
actor ItemCache {
  var latest: [Int] = []
  let bag = DisposeBag()
  private let filled = Gate()

  func start(_ items: Signal<[Int], Never>) {
    items.subscribe(value: {
      self.latest = $0
      if $0.count == 3 { self.filled.open() }
    })
    .disposed(by: bag)
  }

  nonisolated func waitUntilFilled() async {
    await filled.wait()
  }
}

@Suite(.timeLimit(.minutes(1))) struct ActorSubscriberTests {
  @Test func anActorKeepsTheLatestItems() async {
    let cache = ItemCache()
    let items = CurrentValueSubject<[Int], Never>([1])
    await cache.start(items.signal)
    #expect(await cache.latest == [1])  // the current value arrived while subscribing, on the actor
    items.send([1, 2])  // from no actor: hops to the cache
    items.send([1, 2, 3])
    await cache.waitUntilFilled()
    #expect(await cache.latest == [1, 2, 3])
  }
}

/// A non-`Sendable` drawing surface that an actor owns.
final class Canvas {
  var color = "none"
}

/// An actor that binds a signal to an object it owns: the writes happen on the actor.
actor Renderer {
  let canvas = Canvas()
  let bag = DisposeBag()
  private var written: [String] = []
  private let wrote = Gate()

  func start(_ colors: Signal<String, Never>) {
    colors.bind(to: canvas, \.color).disposed(by: bag)
    colors.subscribe(value: {
      self.written.append($0)
      if $0 == "blue" { self.wrote.open() }
    })
    .disposed(by: bag)
  }

  func color() -> String { canvas.color }

  nonisolated func waitForBlue() async { await wrote.wait() }
}

@Suite(.timeLimit(.minutes(1))) struct ActorBindingTests {
  @Test func anActorBindsASignalToAnObjectItOwns() async {
    let renderer = Renderer()
    let colors = CurrentValueSubject<String, Never>("red")
    await renderer.start(colors.signal)
    #expect(await renderer.color() == "red")  // the current value, written on the actor while subscribing
    colors.send("blue")  // from no actor: the write hops to the renderer
    await renderer.waitForBlue()
    #expect(await renderer.color() == "blue")
  }
}

@MainActor
@Suite(.timeLimit(.minutes(1))) struct MainActorChannelTests {
  @Test func aTwoWayChannelKeepsAMainActorModelAndADraftInStep() async {
    let fields = LoginFields()
    let draft = MutableProperty("")
    let binding = draft.makeTerminal().bind(to: .observing(fields, \.username))
    fields.username = "ada"  // the model changes: the draft follows after the model's next read
    await nextMainActorTurn()
    #expect(draft.value == "ada")
    draft.value = "grace"  // the draft changes: the model follows, on the main actor
    await nextMainActorTurn()
    #expect(fields.username == "grace")
    binding.dispose()
    fields.username = "ignored"
    await nextMainActorTurn()
    #expect(draft.value == "grace")
  }
}
