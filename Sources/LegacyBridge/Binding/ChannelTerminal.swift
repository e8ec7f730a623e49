import AsyncSignals

/// One end of a two-way connection: a signal of the values that arrive from the other end, and an observer
/// that sends values to the other end (RAC `RACChannelTerminal`).
///
/// A terminal never sends back what it was sent: values sent into ``observer`` reach the *other* end's
/// subscribers, not this terminal's. ``Channel`` makes a connected pair; ``MutableProperty/makeTerminal()`` makes
/// a terminal that stands for a property, and ``bind(to:)`` connects two terminals so that their properties
/// stay equal.
///
/// ```swift
/// let channel = Channel<String>()
/// channel.following.subscribe(value: { print("following got", $0) })
/// channel.leading.send("hello")  // following got hello; leading's subscribers get nothing
/// ```
///
/// ```
///  other end's sends ──▶ signal ──▶ this terminal's subscribers
///  send / observer ──▶ other end's subscribers (or the property the terminal stands for)
/// ```
public struct ChannelTerminal<Value: Sendable>: SignalConvertible {
  /// The values of the terminal, one per `for await` iteration.
  public typealias Element = Value
  /// Iterates the terminal's ``signal``.
  public typealias AsyncIterator = Signal<Value, Never>.AsyncIterator

  /// The values that arrive at this terminal from the other end.
  ///
  /// For a property's terminal: the current value on subscription, then each change not made through this
  /// terminal.
  ///
  /// ```swift
  /// terminal.signal.subscribeNext { label.text = $0 }
  /// ```
  public let signal: Signal<Value, Never>

  /// Sends values (and completion) to the other end.
  ///
  /// ```swift
  /// textField.editingChanged.bind(to: terminal.observer)
  /// ```
  public let observer: Observer<Value, Never>

  /// Creates a terminal from the signal of what arrives and the observer of what is sent.
  ///
  /// Use it for a property of your own: `signal` sends the current value first, then each change not made
  /// through `observer`, and `observer` writes the property.
  ///
  /// ```swift
  /// let terminal = ChannelTerminal(signal: settings.fontSize.signal, observer: Observer(value: { apply($0) }))
  /// ```
  ///
  /// - Parameters:
  ///   - signal: What arrives at the terminal.
  ///   - observer: Where what is sent to the terminal goes.
  public init(signal: Signal<Value, Never>, observer: Observer<Value, Never>) {
    self.signal = signal
    self.observer = observer
  }

  /// Sends `value` to the other end.
  ///
  /// ```swift
  /// channel.leading.send(42)
  /// ```
  ///
  /// - Parameter value: The value.
  public func send(_ value: Value) {
    observer.send(value)
  }

  /// Completes the other end's subscribers (for a ``Channel``, both ends' subscribers).
  ///
  /// ```swift
  /// channel.leading.complete()
  /// ```
  public func complete() {
    observer.complete()
  }

  /// Binds this terminal and `leading` both ways, starting from `leading`'s value (RAC
  /// `RACChannelTo(a) = RACChannelTo(b)`).
  ///
  /// It subscribes `leading`'s signal to this terminal, so this side first receives `leading`'s current value
  /// and then its changes, and then this terminal's signal, minus its first value (the current value, which is
  /// now `leading`'s), to `leading`. Neither terminal sends back what it receives, so a change crosses once
  /// and stops: no feedback loop. The binding ends when the returned disposable is disposed, or when either
  /// signal ends (a property's terminal ends when the property is released).
  ///
  /// ```swift
  /// let binding = viewModel.name.makeTerminal().bind(to: model.name.makeTerminal())
  /// viewModel.name.value  // model.name's value
  /// ```
  ///
  /// - Important: This terminal's signal must send its current value first on subscription, as property
  ///   terminals do, because that first value is skipped; `leading` may be any terminal, a ``Channel``'s
  ///   included. Changes made on both sides at the same moment can cross and leave the two sides different
  ///   until the next change.
  /// - Parameter leading: The terminal whose value wins at the start.
  /// - Returns: A disposable that ends the binding.
  @discardableResult
  public func bind(to leading: ChannelTerminal<Value>) -> any Disposable {
    let binding = CompositeDisposable()
    binding.add(Self.forward(leading.signal, to: observer, endingWith: binding))
    binding.add(Self.forward(signal.skip(1), to: leading.observer, endingWith: binding))
    return binding
  }

  /// Subscribes `observer` to `signal`; at completion, completes `observer` and then ends `binding`.
  private static func forward(
    _ signal: Signal<Value, Never>,
    to observer: Observer<Value, Never>,
    endingWith binding: CompositeDisposable
  ) -> any Disposable {
    signal.subscribe(
      isolation: nil,
      value: { observer.send($0) },
      completed: {
        observer.complete()
        binding.dispose()
      }
    )
  }
}

/// Identifies the terminal that made a change, so that terminal does not send the change back.
final class ChangeOrigin: Sendable {}
