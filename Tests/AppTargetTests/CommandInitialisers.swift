import AsyncSignals
import LegacyBridge
import Observation
import Testing

nonisolated enum SubmitError: Error, Equatable {
  case belowMinimum
}

/// What the form sent: a plain class, on the main actor like everything in the target.
final class Submissions {
  var minimum = 0
  var accepted: [Int] = []
}

/// A form with commands made where an app makes them: in `init`, in a `lazy var` and in a stored `let`.
@Observable final class SubmitForm {
  var minimum = 0
  @ObservationIgnored let submissions = Submissions()

  /// Made in `init`, on the main actor: `execute` runs there and may read and write main-actor state.
  @ObservationIgnored let record: Command<Int, Int, SubmitError>

  /// An `async` operation in a `lazy var`: a property initialiser runs on no actor, so the operation is a plain
  /// `@Sendable` closure that reads the form's state with `await`.
  @ObservationIgnored lazy var check = Command<Int, Int, SubmitError> {
    [unowned self] input async throws(SubmitError) -> Int in
    guard input >= (await minimum) else { throw .belowMinimum }
    return input
  }

  /// The same in a stored `let`, which cannot reach `self` and need not.
  @ObservationIgnored let double = Command<Int, Int, SubmitError> { input async throws(SubmitError) -> Int in
    input * 2
  }

  init() {
    record = Command { [submissions] input in
      guard input >= submissions.minimum else { return Signal.failure(.belowMinimum) }
      submissions.accepted.append(input)
      return Signal.just(input)
    }
  }
}

@Suite(.timeLimit(.minutes(1)))
struct CommandInitialiserTests {
  @Test func aCommandMadeInInitRunsOnTheMainActorAndWritesTheForm() async throws {
    let form = SubmitForm()
    form.submissions.minimum = 10
    #expect(try await form.record.execute(21).first() == 21)
    await #expect(throws: CommandError<SubmitError>.failed(.belowMinimum)) { try await form.record.execute(3).first() }
    #expect(form.submissions.accepted == [21])
  }

  @Test func commandsMadeInPropertyInitialisersRunTheirOperations() async throws {
    let form = SubmitForm()
    form.minimum = 10
    #expect(try await form.check.execute(21).first() == 21)
    await #expect(throws: CommandError<SubmitError>.failed(.belowMinimum)) { try await form.check.execute(3).first() }
    #expect(try await form.double.execute(21).first() == 42)
  }
}
