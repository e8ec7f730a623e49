import AsyncSignals
import AsyncSignalsTesting
import Dispatch
import TestSupport
import Testing

/// Subscriptions isolated to the main actor and to a custom actor, fed from many threads; run under the thread
/// sanitizer by `.ci/run`.
@Suite(.timeLimit(.minutes(2)))
struct IsolatedSubscriptionStressTests {
  static let senders = 8
  static let sendsPerSender = 10_000
  static var total: Int { senders * sendsPerSender }

  /// What a main-actor subscriber saw: touched on the main actor only.
  @MainActor final class MainActorLog {
    var lastIndex = Array(repeating: -1, count: IsolatedSubscriptionStressTests.senders)
    var count = 0
    var outOfOrder = 0
    let done = Gate()

    func record(_ value: Int) {
      MainActor.preconditionIsolated()
      let (sender, index) = value.quotientAndRemainder(dividingBy: IsolatedSubscriptionStressTests.sendsPerSender)
      if index != lastIndex[sender] + 1 { outOfOrder += 1 }
      lastIndex[sender] = index
      count += 1
      if count == IsolatedSubscriptionStressTests.total { done.open() }
    }
  }

  /// What an actor subscriber saw.
  actor ActorLog {
    var lastIndex = Array(repeating: -1, count: IsolatedSubscriptionStressTests.senders)
    var count = 0
    var outOfOrder = 0
    nonisolated let done = Gate()
    private var subscription: (any Disposable)?

    func subscribe(to signal: Signal<Int, Never>) {
      subscription = signal.subscribe(value: { value in
        self.preconditionIsolated()
        let (sender, index) = value.quotientAndRemainder(dividingBy: IsolatedSubscriptionStressTests.sendsPerSender)
        if index != self.lastIndex[sender] + 1 { self.outOfOrder += 1 }
        self.lastIndex[sender] = index
        self.count += 1
        if self.count == IsolatedSubscriptionStressTests.total { self.done.open() }
      })
    }
  }

  @MainActor
  @Test func everyValueFromEightThreadsArrivesOnceInSenderOrderOnTheSubscribersActor() async {
    let subject = PassthroughSubject<Int, Never>()
    let mainLog = MainActorLog()
    let mainSubscription = subject.subscribe(value: { mainLog.record($0) })
    let actorLog = ActorLog()
    await actorLog.subscribe(to: subject.signal)
    DispatchQueue.global().async {
      runOnThreads(count: Self.senders) { sender in
        for index in 0..<Self.sendsPerSender { subject.send(sender * Self.sendsPerSender + index) }
      }
    }
    await mainLog.done.wait()
    await actorLog.done.wait()
    #expect(mainLog.count == Self.total)
    #expect(mainLog.outOfOrder == 0)
    #expect(mainLog.lastIndex == Array(repeating: Self.sendsPerSender - 1, count: Self.senders))
    #expect(await actorLog.count == Self.total)
    #expect(await actorLog.outOfOrder == 0)
    mainSubscription.dispose()
  }

  /// Deliveries counted after the subscription was disposed (main actor only).
  @MainActor final class LateDeliveries {
    var disposed = false
    var late = 0
  }

  @MainActor
  @Test func nothingArrivesAfterAMainActorDisposeThatRacesABackgroundSend() async {
    let late = LateDeliveries()
    for _ in 0..<10_000 {
      late.disposed = false
      let subject = PassthroughSubject<Int, Never>()
      let subscription = subject.subscribe(value: { _ in if late.disposed { late.late += 1 } })
      let sent = Gate()
      DispatchQueue.global().async {
        subject.send(1)
        sent.open()
      }
      subscription.dispose()
      late.disposed = true
      await sent.wait()
      // The send has returned, so any hop it scheduled is enqueued on the main actor before this turn.
      let turn = Gate()
      Task { @MainActor in turn.open() }
      await turn.wait()
    }
    #expect(late.late == 0)
  }
}
