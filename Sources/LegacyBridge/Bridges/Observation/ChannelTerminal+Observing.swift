import AsyncSignals
import Observation

extension ChannelTerminal where Value: Equatable {
  /// Makes a two-way terminal for a property of an `@Observable` object (RAC `RACChannelTo(target, keyPath)`).
  ///
  /// The terminal's signal is ``AsyncSignals/Signal/observing(_:_:on:)``: the current value on subscription, then the value
  /// after each change, read on `scheduler`, completing when the object is released. A value sent to the
  /// terminal is written to the property at once, on the sending thread, unless the property already holds
  /// it. Observation reports that write like any other change, so the terminal drops the read that follows it:
  /// a read equal to the value it last wrote is not sent, until a different value has been read. That is why
  /// `Value` must be `Equatable`. The first value of each subscription is always sent.
  ///
  /// ```swift
  /// let binding = draft.title.makeTerminal()
  ///   .bind(to: .observing(document, \.title, on: MainScheduler.shared))  // draft.title takes document.title
  /// draft.title.value = "Notes"  // document.title becomes "Notes"; the change does not come back
  /// ```
  ///
  /// - Important: Send values to the terminal on the thread or queue that `scheduler` runs on and that mutates
  ///   the object, as for ``AsyncSignals/Signal/observing(_:_:on:)``.
  /// - Parameters:
  ///   - object: The `@Observable` object, held weakly.
  ///   - keyPath: The property to observe and write.
  ///   - scheduler: Where the reads after each change run; not ``/AsyncSignals/ImmediateScheduler``.
  /// - Returns: A terminal standing for the property.
  public static func observing<Object: AnyObject & Observable & Sendable>(
    _ object: Object,
    _ keyPath: ReferenceWritableKeyPath<Object, Value> & Sendable,
    on scheduler: any Scheduler
  ) -> ChannelTerminal {
    let echo = EchoFilter<Value>()
    let signal = Signal.observing(object, keyPath, on: scheduler)
      .scan(Value?.none) { _, value, index in
        index == 0 || !echo.isEcho(value) ? value : nil
      }
      .skipNil()
    let observer = Observer<Value, Never>(
      isolation: nil,  // written on the sending thread, which the caller keeps on the object's thread
      value: { [weak object] value in
        guard let object, object[keyPath: keyPath] != value else { return }
        echo.willWrite(value)
        object[keyPath: keyPath] = value
      }
    )
    return ChannelTerminal(signal: signal, observer: observer)
  }

  /// Makes a two-way terminal for a property of an `@Observable` object that belongs to the caller's actor (a
  /// `@MainActor` model).
  ///
  /// The terminal's signal is ``AsyncSignals/Signal/observing(isolation:_:_:)``: the current value on subscription,
  /// then the value after each change, read on the actor. A value sent to the terminal is written to the property
  /// on the actor (at once when sent there, after an ordered hop otherwise), unless the property already holds it;
  /// the read that the write causes is dropped, as for ``observing(_:_:on:)``.
  ///
  /// ```swift
  /// @MainActor func bind(_ form: LoginViewModel, to field: TextField) {
  ///   field.text.bind(to: .observing(form, \.username)).disposed(by: bag)
  /// }
  /// ```
  ///
  /// Call it on the actor the object belongs to: code on no actor cannot call it (the compiler reports that `nil` is
  /// not an actor).
  /// - Parameters:
  ///   - isolation: The actor the object belongs to; leave the default, the caller's.
  ///   - object: The `@Observable` object, held weakly.
  ///   - keyPath: The property to observe and write.
  /// - Returns: A terminal standing for the property.
  public static func observing<Object: AnyObject & Observable>(
    isolation: isolated (any Actor) = #isolation,
    _ object: Object,
    _ keyPath: ReferenceWritableKeyPath<Object, Value>
  ) -> ChannelTerminal {
    let echo = EchoFilter<Value>()
    let signal = Signal.observing(isolation: isolation, object, keyPath)
      .scan(Value?.none) { _, value, index in
        index == 0 || !echo.isEcho(value) ? value : nil
      }
      .skipNil()
    let observer = Observer<Value, Never>(
      isolation: isolation,
      value: { [weak object] value in
        guard let object, object[keyPath: keyPath] != value else { return }
        echo.willWrite(value)
        object[keyPath: keyPath] = value
      }
    )
    return ChannelTerminal(signal: signal, observer: observer)
  }
}

/// The value an observed-property terminal last wrote, so the read that observation reports after the write is
/// not sent back.
private final class EchoFilter<Value: Equatable & Sendable>: Sendable {
  private let written = Locked<Value?>(nil)

  /// Notes that the terminal writes `value`.
  func willWrite(_ value: Value) {
    written.withLock { $0 = value }
  }

  /// Whether `value`, just read, repeats the last write; a different value ends the filtering.
  func isEcho(_ value: Value) -> Bool {
    written.withLock { written in
      guard written == value else {
        written = nil
        return false
      }
      return true
    }
  }
}
