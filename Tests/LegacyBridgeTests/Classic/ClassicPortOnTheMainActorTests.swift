import AsyncSignals
import AsyncSignalsTesting
import LegacyBridge
import Testing

/// A completion-handler client as RAC code has them: not `Sendable`, owned by the view model that calls it.
final class LegacyInboxClient {
  var requests: [String] = []
  var cancelled: [String] = []
  private var pending: [String: (Int) -> Void] = [:]

  func fetchUnread(folder: String, completion: @escaping (Int) -> Void) {
    requests.append(folder)
    pending[folder] = completion
  }

  func cancel(folder: String) {
    cancelled.append(folder)
    pending[folder] = nil
  }

  func finish(folder: String, unread: Int) {
    pending.removeValue(forKey: folder)?(unread)
  }
}

/// The RAC port of a view model's `createSignal` block that reads its state, calls its non-`Sendable` client and
/// cancels the call on disposal: the block becomes an `async` body on the main actor.
@MainActor final class InboxViewModel {
  var folder = "inbox"
  let client = LegacyInboxClient()

  /// `[RACSignal createSignal:^(id<RACSubscriber> subscriber) { … [self.client fetchUnread:…] … }]`, ported.
  func unreadCount() -> Signal<Int, Never> {
    Signal { @MainActor [self] observer in
      let folder = self.folder  // the model's state, read when each subscription starts
      let unread = await withTaskCancellationHandler {
        await withCheckedContinuation { continuation in
          client.fetchUnread(folder: folder) { continuation.resume(returning: $0) }
        }
      } onCancel: {
        Task { @MainActor in self.client.cancel(folder: folder) }
      }
      await observer.send(unread)
    }
  }
}

/// A `createSignal` block that touches the view model (its state, its non-`Sendable` client) is ported as an
/// `async` body isolated to the main actor: it compiles with no annotation beyond `@MainActor`, runs at each
/// subscription, and its cancellation reaches the client (issue 35, `Docs/MigratingFromReactiveCocoa.md`).
@Suite(.timeLimit(.minutes(1)))
@MainActor
struct ClassicPortOnTheMainActorTests {
  @Test func theBodyReadsTheModelAndCallsItsClientAtEachSubscription() async {
    let scheduler = TestScheduler()
    let model = InboxViewModel()
    let inbox = scheduler.record(model.unreadCount())
    await scheduler.advance()
    model.folder = "archive"
    let archive = scheduler.record(model.unreadCount())
    await scheduler.advance()
    #expect(model.client.requests == ["inbox", "archive"])
    model.client.finish(folder: "archive", unread: 0)
    model.client.finish(folder: "inbox", unread: 3)
    await scheduler.advance()
    #expect(inbox.events == [.value(3, at: .zero), .completed(at: .zero)])
    #expect(archive.events == [.value(0, at: .zero), .completed(at: .zero)])
    #expect(scheduler.escapedWork == [])
  }

  @Test func disposingCancelsTheClientsCall() async {
    let scheduler = TestScheduler()
    let model = InboxViewModel()
    let recorder = scheduler.record(model.unreadCount())
    await scheduler.advance()
    #expect(model.client.requests == ["inbox"])
    recorder.dispose()
    await scheduler.advance()
    #expect(model.client.cancelled == ["inbox"])
    model.client.finish(folder: "inbox", unread: 3)  // the call was cancelled: nothing arrives
    await scheduler.advance()
    #expect(recorder.events == [])
    #expect(scheduler.escapedWork == [])
  }
}
