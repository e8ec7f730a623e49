/// A subject that ends the subscriptions feeding it when it ends: ReactiveCocoa's rule for a subject subscribed to a
/// signal (`[signal subscribe:subject]`), which LegacyBridge's `subscribe(_:)` of a subject keeps.
///
/// The core does not apply it to ``Subject/observer``: there the subscriber owns the subscription it made (it is
/// the returned disposable), and the subject ignores what arrives after its end. LegacyBridge registers the
/// subscription here before it starts, so that the subject's terminal event, sent to it directly or arriving
/// through any of its subscriptions, disposes them all, and a subscription made after the end is disposed at once.
///
/// ```swift
/// (subject as? any SubscriptionOwner)?.own(lifetime)
/// signal.subscribe(subject.observer, in: lifetime)
/// ```
package protocol SubscriptionOwner: AnyObject, Sendable {
  /// Disposes `subscription` when this subject ends, at once if it has ended; forgets it if it ends first.
  ///
  /// - Parameter subscription: The lifetime of a subscription that feeds this subject.
  func own(_ subscription: Lifetime)
}

// The library's subjects own the subscriptions that feed them through their engine.

extension PassthroughSubject: SubscriptionOwner {
  package func own(_ subscription: Lifetime) { storage.engine.own(subscription) }
}

extension ReplaySubject: SubscriptionOwner {
  package func own(_ subscription: Lifetime) { storage.engine.own(subscription) }
}

extension CurrentValueSubject: SubscriptionOwner {
  package func own(_ subscription: Lifetime) { storage.engine.own(subscription) }
}
