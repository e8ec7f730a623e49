import AsyncSignals

extension Subject {
  /// Classic name for ``/AsyncSignals/Subject/send(_:)``: `-[RACSubject sendNext:]`.
  ///
  /// ```swift
  /// subject.sendNext(1)
  /// ```
  ///
  /// - Parameter value: The value to send to every subscriber.
  public func sendNext(_ value: Value) {
    send(value)
  }

  /// Classic name for ``/AsyncSignals/Subject/fail(_:)``: `-[RACSubject sendError:]`.
  ///
  /// ```swift
  /// subject.sendError(LoadError.offline)
  /// ```
  ///
  /// - Parameter error: The failure that ends the subject.
  public func sendError(_ error: Failure) {
    fail(error)
  }

  /// Classic name for ``/AsyncSignals/Subject/complete()``: `-[RACSubject sendCompleted]`.
  ///
  /// ```swift
  /// subject.sendCompleted()
  /// ```
  public func sendCompleted() {
    complete()
  }
}

extension PassthroughSubject {
  /// Classic name for ``/AsyncSignals/PassthroughSubject/init()``: `+[RACSubject subject]`.
  ///
  /// ```swift
  /// let subject = PassthroughSubject<Int, Never>.subject()
  /// ```
  ///
  /// - Returns: A new subject.
  public static func subject() -> PassthroughSubject {
    PassthroughSubject()
  }
}

extension ReplaySubject {
  /// Classic name for ``/AsyncSignals/ReplaySubject/init(capacity:)``: `+replaySubjectWithCapacity:`.
  ///
  /// ```swift
  /// let subject = ReplaySubject<Int, Never>.replaySubject(withCapacity: 2)
  /// ```
  ///
  /// - Parameter capacity: How many of the latest values new subscribers receive first.
  /// - Returns: A new subject.
  public static func replaySubject(withCapacity capacity: Int) -> ReplaySubject {
    ReplaySubject(capacity: capacity)
  }
}

extension CurrentValueSubject {
  /// Classic name for ``/AsyncSignals/CurrentValueSubject/init(_:)``: `+behaviorSubjectWithDefaultValue:`.
  ///
  /// ```swift
  /// let subject = CurrentValueSubject<Int, Never>.behaviorSubject(withDefaultValue: 0)
  /// ```
  ///
  /// - Parameter value: The value new subscribers receive first until another is sent.
  /// - Returns: A new subject.
  public static func behaviorSubject(withDefaultValue value: Value) -> CurrentValueSubject {
    CurrentValueSubject(value)
  }
}

extension ConnectableSignal {
  /// Classic name for ``/AsyncSignals/ConnectableSignal/autoConnect()``: `-[RACMulticastConnection autoconnect]`.
  ///
  /// ```swift
  /// let shared = source.publish().autoconnect()
  /// ```
  ///
  /// - Returns: A signal that connects at its first subscription.
  public func autoconnect() -> Signal<Value, Failure> {
    autoConnect()
  }
}
