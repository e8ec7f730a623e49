import AsyncSignals
import AsyncSignalsTesting
import Foundation
import LegacyBridge
import TestSupport
import Testing

@Suite struct NotificationBridgeTests {
  /// A private center per test, so parallel tests never see each other's posts.
  let center = NotificationCenter()
  let name = Notification.Name("NotificationBridgeTests.ping")

  final class Sender {}

  @Test func postSendsProjectedValue() {
    let recorder = TestRecorder<PostedNotification, Never>()
    let sender = Sender()
    let subscription = center.signals.notifications(named: name).subscribe(recorder.observer)
    center.post(name: name, object: sender, userInfo: ["user": "ada", 7: "ignored"])
    center.post(name: name, object: nil)
    center.post(name: Notification.Name("other"), object: nil)
    subscription.dispose()

    #expect(recorder.values.count == 2)
    #expect(recorder.values.first?.name == name)
    #expect(recorder.values.first?.object == ObjectIdentifier(sender))
    #expect(recorder.values.first?.userInfoKeys == ["user"])
    #expect(recorder.values.last?.object == nil)
  }

  @Test func transformReadsUserInfoOnThePostingThread() {
    let recorder = TestRecorder<String?, Never>()
    let subscription = center.signals.notifications(named: name) { $0.userInfo?["user"] as? String }
      .subscribe(recorder.observer)
    center.post(name: name, object: nil, userInfo: ["user": "ada"])
    center.post(name: name, object: nil)
    subscription.dispose()

    #expect(recorder.untimedEvents == [.value("ada"), .value(nil)])
  }

  @Test func disposeRemovesTheObserver() {
    let recorder = TestRecorder<PostedNotification, Never>()
    let subscription = center.signals.notifications(named: name).subscribe(recorder.observer)
    center.post(name: name, object: nil)
    subscription.dispose()
    center.post(name: name, object: nil)

    #expect(recorder.values.count == 1)
  }

  @Test func disposeReleasesTheSubscriber() {
    let weakRecorder = WeakReference<TestRecorder<PostedNotification, Never>>()
    let subscription: any Disposable = {
      let recorder = TestRecorder<PostedNotification, Never>()
      weakRecorder.object = recorder
      return center.signals.notifications(named: name).subscribe(recorder.observer)
    }()
    #expect(weakRecorder.object != nil)
    subscription.dispose()
    #expect(weakRecorder.object == nil)
  }

  @Test func objectFiltersSenders() {
    let recorder = TestRecorder<PostedNotification, Never>()
    let wanted = Sender()
    let other = Sender()
    let subscription = center.signals.notifications(named: name, object: wanted).subscribe(recorder.observer)
    center.post(name: name, object: other)
    center.post(name: name, object: wanted)
    center.post(name: name, object: nil)
    center.post(name: name, object: wanted)
    subscription.dispose()

    #expect(recorder.values.map(\.object) == [ObjectIdentifier(wanted), ObjectIdentifier(wanted)])
  }

  @Test func releasedObjectCompletesAtTheNextPost() {
    let recorder = TestRecorder<PostedNotification, Never>()
    var wanted: Sender? = Sender()
    let subscription = center.signals.notifications(named: name, object: wanted).subscribe(recorder.observer)
    center.post(name: name, object: wanted)
    wanted = nil
    center.post(name: name, object: Sender())
    center.post(name: name, object: nil)

    #expect(recorder.untimedEvents.count == 2)
    #expect(recorder.untimedEvents.last == .completed)
    subscription.dispose()
  }

  @Test func eachSubscriptionIsIndependent() {
    let first = TestRecorder<PostedNotification, Never>()
    let second = TestRecorder<PostedNotification, Never>()
    let signal = center.signals.notifications(named: name)
    let firstSubscription = signal.subscribe(first.observer)
    center.post(name: name, object: nil)
    let secondSubscription = signal.subscribe(second.observer)
    center.post(name: name, object: nil)
    firstSubscription.dispose()
    center.post(name: name, object: nil)
    secondSubscription.dispose()

    #expect(first.values.count == 2)
    #expect(second.values.count == 2)
  }

  @Test(.timeLimit(.minutes(1))) func forAwaitReceivesPosts() async {
    let center = center
    let name = name
    let subscribed = Gate()
    let notifications = center.signals.notifications(named: name)
    let announcingSubscription = Signal<PostedNotification, Never> { observer, lifetime in
      lifetime.add(notifications.subscribe(observer))
      subscribed.open()
    }
    let received = await withTaskGroup(of: Int.self) { group in
      group.addTask {
        var count = 0
        for await _ in announcingSubscription.take(2) {
          count += 1
        }
        return count
      }
      await subscribed.wait()
      center.post(name: name, object: nil)
      center.post(name: name, object: nil)
      return await group.next() ?? 0
    }
    #expect(received == 2)
  }
}
