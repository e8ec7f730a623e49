/// A bag that disposes everything put in it when the bag itself is deinitialised.
///
/// Owners keep one bag and drop their subscriptions into it; when the owner goes, so do they.
/// ``dispose()`` empties the bag early; unlike a ``CompositeDisposable`` the bag can be used again after that.
///
/// ```swift
/// final class Screen {
///   let bag = DisposeBag()
///   func bind(_ titles: Signal<String, Never>) {
///     titles.subscribe(value: { print($0) }).disposed(by: bag)
///   }
/// }
/// ```
public final class DisposeBag: Sendable {
  private let disposables = Locked<[any Disposable]>([])

  /// Creates an empty bag.
  public init() {}

  deinit {
    dispose()
  }

  /// Puts a disposable in the bag.
  ///
  /// - Parameter disposable: The disposable to dispose with the bag.
  public func insert(_ disposable: any Disposable) {
    disposables.withLock { $0.append(disposable) }
  }

  /// Disposes everything in the bag now and empties it; the bag stays usable.
  public func dispose() {
    let taken = disposables.withLock { bag in
      let taken = bag
      bag = []
      return taken
    }
    for disposable in taken {
      disposable.dispose()
    }
  }
}

extension Disposable {
  /// Puts the disposable in `bag`, so that it is disposed with the bag.
  ///
  /// ```swift
  /// signal.subscribe(value: { print($0) }).disposed(by: bag)
  /// ```
  ///
  /// - Parameter bag: The bag that owns the disposable from now on.
  public func disposed(by bag: DisposeBag) {
    bag.insert(self)
  }
}
