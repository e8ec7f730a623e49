extension Signal where Value == Bool {
  /// Negates each value.
  ///
  /// ```swift
  /// login.isExecuting.negated()  // whether the form can be edited
  /// ```
  ///
  /// - Returns: A signal of the negated values.
  @inlinable
  public func negated() -> Signal<Bool, Failure> {
    map { !$0 }
  }
}

extension Signal where Value: Sequence, Value.Element == Bool {
  /// Sends, for each collection of booleans, whether all of them are `true`.
  ///
  /// An empty collection gives `true` here and `false` for `anyTrue()`.
  ///
  /// ```swift
  /// Signal(values: [[true, true], [true, false]]).allTrue()  // true, false, completed
  /// ```
  ///
  /// - Returns: A signal of the conjunctions.
  @inlinable
  public func allTrue() -> Signal<Bool, Failure> {
    map { $0.allSatisfy { $0 } }
  }

  /// Sends, for each collection of booleans, whether any of them is `true`.
  ///
  /// ```swift
  /// Signal(values: [[true, true], [true, false]]).anyTrue()  // true, true, completed
  /// ```
  ///
  /// - Returns: A signal of the disjunctions.
  @inlinable
  public func anyTrue() -> Signal<Bool, Failure> {
    map { $0.contains(true) }
  }
}

extension Signal where Value == (Bool, Bool) {
  /// Sends, for each pair of booleans, whether both are `true`.
  ///
  /// ```swift
  /// Signal(values: [(true, true), (true, false)]).allTrue()  // true, false, completed
  /// ```
  ///
  /// - Returns: A signal of the conjunctions.
  @inlinable
  public func allTrue() -> Signal<Bool, Failure> {
    map { $0.0 && $0.1 }
  }

  /// Sends, for each pair of booleans, whether either is `true`.
  ///
  /// ```swift
  /// Signal(values: [(true, true), (true, false)]).anyTrue()  // true, true, completed
  /// ```
  ///
  /// - Returns: A signal of the disjunctions.
  @inlinable
  public func anyTrue() -> Signal<Bool, Failure> {
    map { $0.0 || $0.1 }
  }
}

extension Signal where Value == (Bool, Bool, Bool) {
  /// Sends, for each triple of booleans, whether all three are `true`.
  ///
  /// ```swift
  /// Signal(values: [(true, true, true), (true, false, true)]).allTrue()  // true, false, completed
  /// ```
  ///
  /// - Returns: A signal of the conjunctions.
  @inlinable
  public func allTrue() -> Signal<Bool, Failure> {
    map { $0.0 && $0.1 && $0.2 }
  }

  /// Sends, for each triple of booleans, whether any of them is `true`.
  ///
  /// ```swift
  /// Signal(values: [(true, true, true), (true, false, true)]).anyTrue()  // true, true, completed
  /// ```
  ///
  /// - Returns: A signal of the disjunctions.
  @inlinable
  public func anyTrue() -> Signal<Bool, Failure> {
    map { $0.0 || $0.1 || $0.2 }
  }
}
