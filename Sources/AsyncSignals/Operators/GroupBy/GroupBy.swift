extension Signal {
  /// Splits the values into groups by key: sends one ``GroupedSignal`` per new key, then routes each value
  /// to its key's group.
  ///
  /// A group is sent downstream the first time its key appears, just before its first value is routed to it.
  /// Groups are hot and buffer until their first subscriber: the events routed to a group before anybody
  /// subscribes to it are kept (without limit) and replayed to its first subscriber, in order; from then on
  /// each event goes to the group's current subscribers only, and a later subscriber sees only what comes
  /// after it subscribed. This way a `for await` loop that subscribes to a group some time after receiving it
  /// misses nothing. When the upstream completes or fails, every group (in creation order) and then the
  /// result receive that terminal event; when the subscription is disposed, every group completes. Cost per value: the key
  /// function, a lock on the group table and a lock in the group.
  ///
  /// ```
  ///  self:    ─a1──b1──a2──|
  ///  result:  ─A───B───────|      A: a1──a2──|   B: b1──────|
  /// ```
  ///
  /// ```swift
  /// for await group in messages.groupBy(\.conversationID) {
  ///   group.signal.subscribe(value: { show($0, in: group.key) })
  /// }
  /// ```
  ///
  /// - Parameter key: Computes the key of each value.
  /// - Returns: A signal of the groups.
  public func groupBy<Key: Hashable & Sendable>(
    _ key: @escaping @Sendable (Value) -> Key
  ) -> Signal<GroupedSignal<Key, Value, Failure>, Failure> {
    lift { downstream, lifetime in
      // The groups by key are touched only from event delivery, which is serial: an OperatorState, so that the
      // user's `Hashable` key is hashed and compared under no lock. Disposal reads the groups from outside
      // delivery, so their creation order is also kept behind a lock, where only whole groups are appended.
      let byKey = OperatorState<[Key: GroupStorage<Value, Failure>]>([:])
      let inOrder = Locked<[GroupStorage<Value, Failure>]?>([])
      /// Closes the table and sends `terminal` to every group, in creation order (after unlocking).
      @Sendable func endGroups(with terminal: Event<Value, Failure>) {
        let remaining = inOrder.withLock { groups in
          defer { groups = nil }
          return groups
        }
        for group in remaining ?? [] {
          group.send(terminal)
        }
      }
      lifetime.onDispose { endGroups(with: .completed) }
      return Observer { event in
        switch event {
        case .value(let value):
          let groupKey = key(value)
          if let existing = byKey.value[groupKey] {
            return existing.send(.value(value))
          }
          let created = GroupStorage<Value, Failure>()
          let isOpen = inOrder.withLock { groups in
            groups?.append(created)
            return groups != nil
          }
          guard isOpen else { return }
          byKey.value[groupKey] = created
          downstream.send(GroupedSignal(key: groupKey, signal: created.signal))
          created.send(.value(value))
        case .failed(let failure):
          endGroups(with: event)
          byKey.value = [:]
          downstream.fail(failure)
        case .completed:
          endGroups(with: event)
          byKey.value = [:]
          downstream.complete()
        }
      }
    }
  }
}

/// The values of one key of ``Signal/groupBy(_:)``, as a signal.
///
/// The signal is hot: see ``Signal/groupBy(_:)`` for what a subscriber receives and what is buffered.
///
/// ```swift
/// words.groupBy(\.first).subscribe(value: { group in
///   group.signal.count().subscribe(value: { print(group.key, $0) })
/// })
/// ```
public struct GroupedSignal<Key: Hashable & Sendable, Value: Sendable, Failure: Error>: Sendable {
  /// The key shared by every value of the group.
  public let key: Key
  /// The values of the group, then the upstream's terminal event.
  public let signal: Signal<Value, Failure>
}
