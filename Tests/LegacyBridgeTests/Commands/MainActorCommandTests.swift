import AsyncSignals
import AsyncSignalsTesting
import LegacyBridge
import TestSupport
import Testing

/// A main-actor button, as an app's is.
@MainActor private final class CommandButton {
  var isEnabled = false
}

/// A command whose operation runs off the main actor (made on no actor) and ends once `release` opens.
private nonisolated func makeBackgroundCommand(finishingAfter release: Gate) -> Command<Void, Int, Never> {
  Command { () async -> Int in
    await release.wait()
    return 1
  }
}

/// Issue 28 item 4, written as the user wrote it: a main-actor test waits until the command is no longer executing,
/// then checks the button bound to `isEnabled`.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct MainActorCommandTests {
  @Test func whenATestSeesTheCommandStopExecutingTheButtonBoundToIsEnabledHasCaughtUp() async {
    let release = Gate()
    let command = makeBackgroundCommand(finishingAfter: release)
    let button = CommandButton()
    let bag = DisposeBag()
    command.isEnabled.bind(to: button, \.isEnabled).disposed(by: bag)
    #expect(button.isEnabled)
    command.execute()
    #expect(!button.isEnabled)
    var executing = command.isExecuting.makeAsyncIterator()
    #expect(await executing.next() == true)
    release.open()
    #expect(await executing.next() == false)
    #expect(button.isEnabled)
  }

  @Test func awaitingRunLeavesEverySignalOfTheCommandCaughtUp() async {
    let command = Command<Void, Int, Never> { () async -> Int in 1 }
    let button = CommandButton()
    let bag = DisposeBag()
    let spinner = CommandButton()
    command.isEnabled.bind(to: button, \.isEnabled).disposed(by: bag)
    command.isExecuting.bind(to: spinner, \.isEnabled).disposed(by: bag)
    let result = try? await command.run(())
    #expect(result == 1)
    #expect(button.isEnabled)
    #expect(!spinner.isEnabled)
  }
}
