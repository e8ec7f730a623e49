extension Signal where Value == Bool {
  /// Negates each value.
  ///
  /// ```swift
  /// isLoading.not()  // true while not loading
  /// ```
  ///
  /// - Returns: A signal of the negated values.
  @inlinable
  public func not() -> Signal<Bool, Failure> {
    map { !$0 }
  }
}

extension Signal where Value: Sequence, Value.Element == Bool {
  /// Sends, for each collection of booleans, whether all of them are `true`.
  ///
  /// An empty collection gives `true`. Pair it with a combining operator to combine several boolean signals.
  ///
  /// ```swift
  /// Signal(values: [[true, true], [true, false]]).and()  // true, false, completed
  /// ```
  ///
  /// - Returns: A signal of the conjunctions.
  @inlinable
  public func and() -> Signal<Bool, Failure> {
    map { $0.allSatisfy { $0 } }
  }

  /// Sends, for each collection of booleans, whether any of them is `true`.
  ///
  /// An empty collection gives `false`.
  ///
  /// ```swift
  /// Signal(values: [[false, true], [false, false]]).or()  // true, false, completed
  /// ```
  ///
  /// - Returns: A signal of the disjunctions.
  @inlinable
  public func or() -> Signal<Bool, Failure> {
    map { $0.contains(true) }
  }
}

extension Signal where Value == (Bool, Bool) {
  /// Sends, for each pair of booleans, whether both are `true`.
  ///
  /// ```swift
  /// Signal(values: [(true, true), (true, false)]).and()  // true, false, completed
  /// ```
  ///
  /// - Returns: A signal of the conjunctions.
  @inlinable
  public func and() -> Signal<Bool, Failure> {
    map { $0.0 && $0.1 }
  }

  /// Sends, for each pair of booleans, whether either is `true`.
  ///
  /// ```swift
  /// Signal(values: [(false, true), (false, false)]).or()  // true, false, completed
  /// ```
  ///
  /// - Returns: A signal of the disjunctions.
  @inlinable
  public func or() -> Signal<Bool, Failure> {
    map { $0.0 || $0.1 }
  }
}

extension Signal where Value == (Bool, Bool, Bool) {
  /// Sends, for each triple of booleans, whether all three are `true`.
  ///
  /// ```swift
  /// Signal(values: [(true, true, true), (true, false, true)]).and()  // true, false, completed
  /// ```
  ///
  /// - Returns: A signal of the conjunctions.
  @inlinable
  public func and() -> Signal<Bool, Failure> {
    map { $0.0 && $0.1 && $0.2 }
  }

  /// Sends, for each triple of booleans, whether any of them is `true`.
  ///
  /// ```swift
  /// Signal(values: [(false, false, true), (false, false, false)]).or()  // true, false, completed
  /// ```
  ///
  /// - Returns: A signal of the disjunctions.
  @inlinable
  public func or() -> Signal<Bool, Failure> {
    map { $0.0 || $0.1 || $0.2 }
  }
}
