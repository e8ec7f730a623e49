/// A disposable that owns many others and disposes them all, in the order added.
///
/// Adding to a composite that is already disposed disposes the newcomer at once, so a resource can never
/// outlive its owner, whatever the race between adding and disposing.
///
/// ```swift
/// let all = CompositeDisposable()
/// all.add(first.subscribe(value: { print($0) }))
/// all.add { print("cleaned up") }
/// all.dispose()  // disposes the subscription, then prints "cleaned up"
/// ```
public final class CompositeDisposable: Disposable {
  /// Identifies an added disposable so that ``remove(_:)`` can forget it.
  public struct Key: Hashable, Sendable {
    fileprivate let token: UInt64
  }

  private let list = Locked(DisposalList())

  /// Creates an empty composite.
  public init() {}

  /// Creates a composite owning `disposables`.
  ///
  /// - Parameter disposables: The disposables to own, disposed in this order.
  public convenience init(_ disposables: [any Disposable]) {
    self.init()
    for disposable in disposables {
      add(disposable)
    }
  }

  /// Whether the composite has been disposed.
  public var isDisposed: Bool {
    list.withLock { $0.isDisposed }
  }

  /// Adds a disposable; disposes it at once if the composite is already disposed.
  ///
  /// - Parameter disposable: The disposable to own.
  /// - Returns: A key for ``remove(_:)``, or `nil` when it was disposed at once.
  @discardableResult
  public func add(_ disposable: any Disposable) -> Key? {
    add(.disposable(disposable))
  }

  /// Adds a cleanup closure; runs it at once if the composite is already disposed.
  ///
  /// - Parameter action: The cleanup to run on disposal.
  /// - Returns: A key for ``remove(_:)``, or `nil` when it ran at once.
  @discardableResult
  public func add(_ action: @escaping @Sendable () -> Void) -> Key? {
    add(.action(action))
  }

  /// Forgets a disposable added earlier, without disposing it.
  ///
  /// - Parameter key: The key ``add(_:)-(Disposable)`` or ``add(_:)-(()->Void)`` returned.
  public func remove(_ key: Key) {
    let removed = list.withLock { $0.remove(token: key.token) }
    _ = removed  // released here, after unlocking
  }

  /// Disposes every owned disposable in the order added.
  ///
  /// Calling it again does nothing.
  public func dispose() {
    DisposalEntry.runAll(list.withLock { $0.dispose() })
  }

  private func add(_ entry: DisposalEntry) -> Key? {
    switch list.withLock({ $0.add(entry) }) {
    case .stored(let token):
      return Key(token: token)
    case .runNow(let entry):
      entry.run()
      return nil
    }
  }

  /// Adds `disposable` to `composite`.
  ///
  /// ```swift
  /// composite += signal.subscribe(value: { print($0) })
  /// ```
  ///
  /// - Parameters:
  ///   - composite: The owner.
  ///   - disposable: The disposable to own.
  public static func += (composite: CompositeDisposable, disposable: any Disposable) {
    composite.add(disposable)
  }
}
