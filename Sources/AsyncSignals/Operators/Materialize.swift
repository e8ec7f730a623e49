extension Signal {
  /// Turns every event, the terminal one included, into a value, then completes.
  ///
  /// The result never fails: a failure arrives as the value `.failed(error)`, followed by completion.
  /// ``dematerialize()`` undoes it.
  ///
  /// ```swift
  /// Signal<Int, MyError>.failure(.boom).materialize()  // value(.failed(.boom)), completed
  /// ```
  ///
  /// - Returns: A signal of the events.
  @inlinable
  public func materialize() -> Signal<Event<Value, Failure>, Never> {
    lift { downstream, _ in
      Observer { event in
        downstream.send(event)
        if event.isTerminal {
          downstream.complete()
        }
      }
    }
  }

  /// Turns a signal of events back into the events themselves.
  ///
  /// The first terminal event it receives as a value ends the result; anything after it is ignored and the
  /// subscription ends. The inverse of ``materialize()``.
  ///
  /// ```swift
  /// Signal(values: [Event<Int, MyError>.value(1), .failed(.boom)]).dematerialize()  // 1, failed(.boom)
  /// ```
  ///
  /// - Returns: A signal that sends the events carried by the values.
  @inlinable
  public func dematerialize<Element, ElementFailure>() -> Signal<Element, ElementFailure>
  where Value == Event<Element, ElementFailure>, Failure == Never {
    lift { downstream, lifetime in
      let finished = OperatorState(false)
      return Observer { event in
        guard !finished.value else { return }
        switch event {
        case .value(let inner):
          guard inner.isTerminal else { return downstream.send(event: inner) }
          finished.value = true
          downstream.send(event: inner)
          lifetime.dispose()
        case .completed:
          finished.value = true
          downstream.complete()
        }
      }
    }
  }
}
