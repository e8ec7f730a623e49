/// How ``Signal/flatten(_:)`` and ``Signal/flatMap(_:_:)->Signal<NewValue,Failure>`` run the inner
/// signals.
///
/// - ``merge``: subscribes every inner at once and interleaves their values (RAC `flattenMap`).
/// - ``concat``: one inner at a time, the next after the previous completed, in order.
/// - ``latest``: switches to each new inner, disposing the previous one first.
/// - ``first``: one inner at a time; inners that arrive while it runs are dropped (Rx `flatMapFirst`).
/// - ``concurrent(limit:)``: at most `limit` inners at a time; the others wait in order.
///
/// ```swift
/// searchTerms.flatMap(.latest) { term in api.search(term) }
/// ```
public struct FlattenStrategy: Sendable, Hashable, CustomStringConvertible {
  @usableFromInline
  enum Kind: Sendable, Hashable {
    /// At most `limit` inners run at once (`merge` is no limit, `concat` a limit of one).
    case concurrent(limit: Int)
    /// Only the newest inner runs.
    case latest
    /// One inner runs; the ones that arrive meanwhile are dropped.
    case first
  }

  @usableFromInline
  let kind: Kind

  @inlinable
  init(kind: Kind) {
    self.kind = kind
  }

  /// Every inner runs as soon as it arrives; the result completes after the outer and every inner completed.
  ///
  /// ![flatMap(.merge): every inner runs at once](marble-flatmap-merge.svg)
  ///
  /// ```swift
  /// downloads.flatten(.merge)
  /// ```
  public static let merge = FlattenStrategy(kind: .concurrent(limit: .max))

  /// One inner at a time, in arrival order; the next is subscribed only after the previous completed.
  ///
  /// ![flatMap(.concat): each inner after the previous one](marble-flatmap-concat.svg)
  ///
  /// ```swift
  /// saves.flatten(.concat)  // one save after the other
  /// ```
  public static let concat = FlattenStrategy(kind: .concurrent(limit: 1))

  /// Only the newest inner runs: a new inner disposes the previous one before it is subscribed.
  ///
  /// ![flatMap(.latest): a new inner disposes the previous one](marble-flatmap-latest.svg)
  ///
  /// ```swift
  /// searchTerms.flatMap(.latest) { api.search($0) }
  /// ```
  public static let latest = FlattenStrategy(kind: .latest)

  /// One inner at a time: an inner that arrives while another runs is dropped, never subscribed.
  ///
  /// The result ignores the outer signal's values until the running inner completes; the next value after that
  /// starts the next inner. This is Rx's `flatMapFirst` (RxJS `exhaustMap`), the usual way to ignore a double tap
  /// while its request runs.
  ///
  /// ![flatMap(.first): inners that arrive meanwhile are dropped](marble-flatmap-first.svg)
  ///
  /// ```swift
  /// submitTaps.flatMap(.first) { _ in api.submit(form) }  // taps during a submission do nothing
  /// ```
  public static let first = FlattenStrategy(kind: .first)

  /// At most `limit` inners run at once; the others wait and start, in order, as running ones complete.
  ///
  /// ![flatMap(.concurrent(limit: 2)): the third inner waits](marble-flatmap-concurrent.svg)
  ///
  /// ```swift
  /// urls.flatMap(.concurrent(limit: 4)) { download($0) }
  /// ```
  ///
  /// - Parameter limit: The most inners running at the same time, at least 1.
  /// - Returns: The strategy.
  public static func concurrent(limit: Int) -> FlattenStrategy {
    precondition(limit >= 1, "concurrent(limit:): limit must be >= 1, got \(limit)")
    return FlattenStrategy(kind: .concurrent(limit: limit))
  }

  /// The strategy's name, as written in code.
  public var description: String {
    switch kind {
    case .latest: ".latest"
    case .first: ".first"
    case .concurrent(limit: .max): ".merge"
    case .concurrent(limit: 1): ".concat"
    case .concurrent(let limit): ".concurrent(limit: \(limit))"
    }
  }
}
