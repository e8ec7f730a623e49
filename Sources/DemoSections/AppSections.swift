import AsyncSignals
import LegacyBridge
import Observation

/// The sections that show app-level patterns: observing a property, observing an `@Observable` model, and a form
/// whose command is validated.
enum AppSections {
  static let all = [observe, observing, login]

  static let observe = DemoSection(
    name: "observe",
    title: "RACObserve-style: a property's signal sends its current value first, then each change"
  ) { out in
    let name = MutableProperty("Ada")
    out.print("  name is \"Ada\"; subscribing to name.signal")
    let observation = name.signal.subscribe(isolation: nil, value: { out.print("    observed \"\($0)\"") })
    out.print("  name.value = \"Grace\"")
    name.value = "Grace"
    out.print("  name.modify { $0 += \" Hopper\" }")
    name.modify { $0 += " Hopper" }
    observation.dispose()
    name.value = "Barbara"
    out.print("  disposed, then name.value = \"Barbara\": nothing more observed")
    for await current in name.signal {
      out.print("  a for await loop starts with the current value too: \"\(current)\"")
      break
    }
  }

  /// A view model as an app has it: `@Observable`, and owned by the main actor.
  @MainActor @Observable final class ProfileModel {
    var name = "Ada"
  }

  static let observing = DemoSection(
    name: "observing",
    title: "Signal.observing: a main-actor @Observable model's property as a signal"
  ) { out in
    await observeProfile(out)
  }

  /// Observes a `ProfileModel` on the main actor and prints what arrives when, waiting for each value in turn.
  @MainActor static func observeProfile(_ out: DemoOutput) async {
    var model: ProfileModel? = ProfileModel()
    let (observed, arrival) = AsyncStream<Void>.makeStream()
    var arrivals = observed.makeAsyncIterator()
    out.print("  on the main actor: Signal.observing(model, \\.name).subscribe(…)")
    let subscription = model.map { model in
      Signal.observing(model, \.name).subscribe(
        value: { name in
          out.print("    observed \"\(name)\"")
          arrival.yield()
        },
        completed: {
          out.print("    completed")
          arrival.finish()
        }
      )
    }
    out.print("  subscribe returned (the current value was sent before it did)")
    await arrivals.next()
    out.print("  model.name = \"Grace\"")
    model?.name = "Grace"
    out.print("  (read in a later turn of the main actor, after the change was stored)")
    await arrivals.next()
    out.print("  model.name = \"Grace Hopper\", then \"Barbara\", in one turn")
    model?.name = "Grace Hopper"
    model?.name = "Barbara"
    await arrivals.next()
    out.print("  the model is released")
    model = nil
    await arrivals.next()
    subscription?.dispose()
  }

  /// The signal of one execution of the login command.
  typealias LoginExecution = Signal<String, CommandError<URLRequestError>>

  static let login = DemoSection(
    name: "login",
    title: "A login form: combineLatest of two fields' validity enables the submit command"
  ) { out in
    let backend = try DemoServer(maxConnections: 2)
    defer { backend.stop() }
    let username = MutableProperty("")
    let password = MutableProperty("")
    let formIsValid = Signal.combineLatest(
      username.signal.map { $0.count >= 3 },
      password.signal.map { $0.count >= 8 }
    ) { usernameIsValid, passwordIsValid in usernameIsValid && passwordIsValid }
    let submit = Command<String, String, URLRequestError>(isolation: nil, enabled: formIsValid) { user in
      backend.text("/login", ["user": user])
    }
    let executions = CoreSections.RunCounter()
    let counting = submit.executionSignals.subscribe(isolation: nil, value: { _ in _ = executions.next() })
    defer { counting.dispose() }

    // The submit button's target executes the command; the stream hands each execution to the demo in order.
    let submitButton = ActionControl<Void>()
    let (started, startedExecution) = AsyncStream<LoginExecution>.makeStream()
    let target = submitButton.addTarget(isolation: nil) { startedExecution.yield(submit.execute(username.value)) }
    defer { target.dispose() }
    var executionsStarted = started.makeAsyncIterator()

    await printState("both fields empty", submit, out)
    await tap(submitButton, &executionsStarted, out)
    username.value = "ada"
    await printState("username \"ada\"", submit, out)
    password.value = "correct horse"
    await printState("password \"correct horse\"", submit, out)
    await tap(submitButton, &executionsStarted, out)
    _ = await submit.isEnabled.filter { $0 }.first()  // serial: enabled again once the execution has ended
    await tap(submitButton, &executionsStarted, out)
    out.print(
      "  3 taps: \(executions.value) executions, \(backend.requestCount("/login")) requests on the server"
    )
  }

  /// Prints whether `submit` is enabled after `step`.
  static func printState(
    _ step: String,
    _ submit: Command<String, String, URLRequestError>,
    _ out: DemoOutput
  ) async {
    let isEnabled = await submit.isEnabled.first() ?? false  // the current value, sent on subscription
    out.print("  \(step) → submit enabled: \(isEnabled)")
  }

  /// Taps the button and prints what its execution did.
  static func tap(
    _ button: ActionControl<Void>,
    _ executions: inout AsyncStream<LoginExecution>.Iterator,
    _ out: DemoOutput
  ) async {
    out.print("  tap submit")
    button.sendAction()
    guard let execution = await executions.next() else { return }
    do {
      let reply = try await execution.last()
      out.print("    → \(reply ?? "no reply")")
    } catch {
      switch error {
      case .notEnabled: out.print("    → ignored: submit is not enabled")
      case .cancelled: out.print("    → cancelled")
      case .failed(let failure): out.print("    → failed: \(failure)")
      }
    }
  }
}
