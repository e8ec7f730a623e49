import AsyncSignals
import Foundation

extension NotificationCenter {
  /// Signal bridges for this notification center, such as ``SignalBridge/notifications(named:object:)``.
  ///
  /// ```swift
  /// let logins = NotificationCenter.default.signals.notifications(named: .userDidLogIn)
  /// ```
  public var signals: SignalBridge<NotificationCenter> {
    SignalBridge(self)
  }
}

extension SignalBridge where Base: NotificationCenter {
  /// A signal of the notifications named `name` (from `object` only, when given), as ``PostedNotification``s.
  ///
  /// Each subscription adds its own observer with `addObserver(forName:object:queue:using:)` and removes it
  /// when the subscription is disposed, so posting afterwards delivers nothing. Values are sent synchronously
  /// on the posting thread, in posting order. Only notifications posted while subscribed are seen (a hot
  /// source per subscription).
  ///
  /// `object` is held weakly. Foundation on Linux has no deallocation hook, so the signal cannot notice the
  /// release itself: it completes at the first notification named `name` that is posted after `object` was
  /// released (from any sender), and until then it delivers nothing. Without an `object` it never completes.
  ///
  /// ```swift
  /// let saves = center.signals.notifications(named: .documentSaved, object: document)
  /// let disposable = saves.subscribe(value: { print("saved", $0.userInfoKeys) })
  /// ```
  ///
  /// - Parameters:
  ///   - name: The notification name to observe.
  ///   - object: The only sender to observe, or `nil` for every sender.
  /// - Returns: A signal of the notifications, which never fails.
  public func notifications(
    named name: Notification.Name,
    object: AnyObject? = nil
  ) -> Signal<
    PostedNotification, Never
  > {
    notifications(named: name, object: object, transform: PostedNotification.init)
  }

  /// A signal of the notifications named `name` (from `object` only, when given), each turned into a `Sendable`
  /// value by `transform` on the posting thread.
  ///
  /// It behaves like ``notifications(named:object:)``; use it to read `userInfo` or `object` while the
  /// `Notification` (which is not `Sendable`) is still in hand.
  ///
  /// ```swift
  /// let users = center.signals.notifications(named: .userDidLogIn) { $0.userInfo?["user"] as? String }
  /// ```
  ///
  /// - Parameters:
  ///   - name: The notification name to observe.
  ///   - object: The only sender to observe, or `nil` for every sender; held weakly.
  ///   - transform: Turns each notification into the value to send; called on the posting thread.
  /// - Returns: A signal of the transformed notifications, which never fails.
  public func notifications<Value: Sendable>(
    named name: Notification.Name,
    object: AnyObject? = nil,
    transform: @escaping @Sendable (Notification) -> Value
  ) -> Signal<Value, Never> {
    let center = base
    let sender = object.map(WeakSender.init)
    return Signal { observer, lifetime in
      // The center filters by sender itself only while the sender is alive; we filter here so that a released
      // sender ends the signal instead of matching every notification.
      let token = center.addObserver(forName: name, object: nil, queue: nil) { notification in
        guard let sender else {
          observer.send(transform(notification))
          return
        }
        guard let expected = sender.object else {
          observer.complete()
          return
        }
        if let actual = notification.object, type(of: actual) is AnyClass, actual as AnyObject === expected {
          observer.send(transform(notification))
        }
      }
      let registration = ObserverRegistration(token: token)
      lifetime.onDispose { center.removeObserver(registration.token) }
    }
  }
}

/// The sender a notification signal filters on, held weakly.
// Safety: `object` is a `weak let`, and weak loads are atomic in the Swift runtime; the bridge only compares the
// loaded reference's identity and never calls the object, so sharing the box across threads is sound.
private final class WeakSender: @unchecked Sendable {
  weak let object: AnyObject?

  init(_ object: AnyObject) {
    self.object = object
  }
}

/// The opaque token `addObserver(forName:object:queue:using:)` returns.
// Safety: the token is immutable and only ever handed back to `removeObserver(_:)`, which is thread-safe.
private struct ObserverRegistration: @unchecked Sendable {
  let token: any NSObjectProtocol
}
