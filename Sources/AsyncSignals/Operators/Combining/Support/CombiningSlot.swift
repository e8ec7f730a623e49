/// One value of one of up to three differently typed sources, so that `combineLatest` and `zip` of two or
/// three signals run on the one homogeneous implementation.
@usableFromInline
enum CombiningSlot<A: Sendable, B: Sendable, C: Sendable>: Sendable {
  /// A value of the first source.
  case first(A)
  /// A value of the second source.
  case second(B)
  /// A value of the third source.
  case third(C)

  @inlinable
  var first: A {
    guard case .first(let value) = self else { Self.misplaced(self) }
    return value
  }

  @inlinable
  var second: B {
    guard case .second(let value) = self else { Self.misplaced(self) }
    return value
  }

  @inlinable
  var third: C {
    guard case .third(let value) = self else { Self.misplaced(self) }
    return value
  }

  /// Source `index` of a combination always holds the slot of that index; anything else is a bug.
  @usableFromInline
  static func misplaced(_ slot: Self) -> Never {
    preconditionFailure("Combining: internal inconsistency, slot \(slot) in the wrong position")
  }
}

extension Signal {
  /// Combines two differently typed sources with the machine `makeMachine(2)` makes per subscription.
  @inlinable
  static func combining<A, B, Machine: CombiningMachine>(
    _ a: Signal<A, Failure>,
    _ b: Signal<B, Failure>,
    makeMachine: @escaping @Sendable (Int) -> Machine,
    _ transform: @escaping @Sendable (A, B) -> Value
  ) -> Signal where Machine.Element == CombiningSlot<A, B, Never> {
    combining(
      [a.map { .first($0) }, b.map { .second($0) }],
      makeMachine: makeMachine,
      combine: { transform($0[0].first, $0[1].second) }
    )
  }

  /// Combines three differently typed sources with the machine `makeMachine(3)` makes per subscription.
  @inlinable
  static func combining<A, B, C, Machine: CombiningMachine>(
    _ a: Signal<A, Failure>,
    _ b: Signal<B, Failure>,
    _ c: Signal<C, Failure>,
    makeMachine: @escaping @Sendable (Int) -> Machine,
    _ transform: @escaping @Sendable (A, B, C) -> Value
  ) -> Signal where Machine.Element == CombiningSlot<A, B, C> {
    combining(
      [a.map { .first($0) }, b.map { .second($0) }, c.map { .third($0) }],
      makeMachine: makeMachine,
      combine: { transform($0[0].first, $0[1].second, $0[2].third) }
    )
  }
}
