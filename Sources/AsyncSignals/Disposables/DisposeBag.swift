/// A bag that disposes everything put in it when the bag itself is deinitialised.
///
/// Owners keep one bag and drop their subscriptions into it; when the owner goes, so do they. ``dispose()``
/// empties the bag early and for good: like a ``CompositeDisposable`` (and RAC's and RxSwift's bags), a disposed
/// bag disposes whatever is put in it later at once, so nothing outlives an owner that already let go. An owner
/// that starts over makes a new bag.
///
/// ```swift
/// final class Screen {
///   let bag = DisposeBag()
///   func bind(_ titles: Signal<String, Never>) {
///     titles.subscribe(Observer { print($0) }).disposed(by: bag)
///   }
/// }
/// ```
public final class DisposeBag: Sendable {
  private let disposables = CompositeDisposable()

  /// Creates an empty bag.
  ///
  /// ```swift
  /// let bag = DisposeBag()
  /// ```
  public init() {}

  deinit {
    dispose()
  }

  /// Whether the bag has been disposed: from then on, what is put in it is disposed at once.
  ///
  /// ```swift
  /// bag.dispose()
  /// bag.isDisposed  // true
  /// ```
  public var isDisposed: Bool {
    disposables.isDisposed
  }

  /// Puts a disposable in the bag, or disposes it at once if the bag has been disposed.
  ///
  /// ```swift
  /// bag.insert(signal.subscribe(Observer { print($0) }))
  /// ```
  ///
  /// - Parameter disposable: The disposable to dispose with the bag.
  public func insert(_ disposable: any Disposable) {
    disposables.add(disposable)
  }

  /// Disposes everything in the bag now, in the order added; what is put in it later is disposed at once.
  ///
  /// Calling it again does nothing.
  ///
  /// ```swift
  /// bag.dispose()  // every subscription in it ends
  /// ```
  public func dispose() {
    disposables.dispose()
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
