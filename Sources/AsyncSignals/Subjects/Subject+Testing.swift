extension PassthroughSubject {
  /// The number of registered subscribers.
  package var _subscriberCount: Int { storage.subscriberCount }
}

extension ReplaySubject {
  /// The number of registered subscribers.
  package var _subscriberCount: Int { storage.subscriberCount }
}

extension CurrentValueSubject {
  /// The number of registered subscribers.
  package var _subscriberCount: Int { storage.subscriberCount }
}
