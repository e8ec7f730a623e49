import Foundation

/// A `Sendable` projection of a `Notification`: its name, the identity of its object, and its `userInfo` keys.
///
/// `Notification` is not `Sendable` in Swift 6 (its `object` and `userInfo` hold `Any`), so the bridge delivers
/// this projection by default. To carry more, pass a `transform` to
/// ``SignalBridge/notifications(named:object:transform:)``, which runs on the posting thread while the
/// notification is still alive, and return a `Sendable` value of your own.
///
/// ```swift
/// for await posted in center.signals.notifications(named: .userDidLogIn) {
///   print(posted.name, posted.userInfoKeys)
/// }
/// ```
public struct PostedNotification: Sendable, Hashable {
  /// The notification's name.
  ///
  /// ```swift
  /// #expect(posted.name == .userDidLogIn)
  /// ```
  public let name: Notification.Name

  /// The identity of the notification's object, or `nil` when it had none or the object was not a class
  /// instance.
  ///
  /// ```swift
  /// #expect(posted.object == ObjectIdentifier(document))
  /// ```
  public let object: ObjectIdentifier?

  /// The `String` keys of the notification's `userInfo` (keys of other types are left out).
  ///
  /// ```swift
  /// #expect(posted.userInfoKeys == ["user"])
  /// ```
  public let userInfoKeys: Set<String>

  /// Projects `notification` onto its name, object identity and `userInfo` keys.
  ///
  /// ```swift
  /// let posted = PostedNotification(Notification(name: .userDidLogIn))
  /// ```
  ///
  /// - Parameter notification: The notification to project.
  public init(_ notification: Notification) {
    name = notification.name
    object = notification.object.flatMap { type(of: $0) is AnyClass ? ObjectIdentifier($0 as AnyObject) : nil }
    userInfoKeys = Set(notification.userInfo?.keys.compactMap { $0.base as? String } ?? [])
  }
}
