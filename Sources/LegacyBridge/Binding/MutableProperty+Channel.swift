import AsyncSignals

extension MutableProperty {
  /// Makes a two-way terminal for this property (RAC `RACChannelTo(target, keyPath)`).
  ///
  /// The terminal's signal sends the current value on subscription, then each change, except the changes
  /// made through this terminal; values sent to the terminal set the property (its other subscribers, and its
  /// other terminals, receive them). Completing the terminal does nothing: a property ends when it is released,
  /// and then the terminal's signal completes. The terminal holds the property weakly for writing; a value sent
  /// after the property was released is dropped.
  ///
  /// Each call makes a new terminal, with its own notion of "changes made through this terminal": make one per
  /// binding and use it for both directions.
  ///
  /// ```swift
  /// let terminal = model.name.makeTerminal()
  /// terminal.signal.subscribeNext { print("name:", $0) }  // name: (current), then changes made elsewhere
  /// terminal.send("Ada")                                  // sets model.name; not printed
  /// ```
  ///
  /// - Returns: A new terminal standing for the property.
  public func makeTerminal() -> ChannelTerminal<Value> {
    let origin = ChangeOrigin()
    let signal = changes.scan(Value?.none) { _, change, index in
      // The current value always arrives first, whichever terminal set it.
      index == 0 || change.origin !== origin ? change.value : nil
    }
    .skipNil()
    let observer = Observer<Value, Never>(
      isolation: nil,
      value: { [weak self] value in
        self?.modify(from: origin) { $0 = value }
      }
    )
    return ChannelTerminal(signal: signal, observer: observer)
  }

  /// Binds this property and `leading` both ways, starting from `leading`'s value, so that they stay equal.
  ///
  /// This property takes `leading`'s value at once; from then on a change of either one is set on the other,
  /// once: neither sends back a change it received, so there is no feedback loop. Each property's subscribers
  /// see each change once. The binding ends when the returned disposable is disposed or either property is
  /// released.
  ///
  /// ```swift
  /// let username = MutableProperty("")
  /// let binding = username.bindTwoWay(to: account.username)  // username takes account.username's value
  /// username.value = "ada"                                    // account.username becomes "ada"
  /// ```
  ///
  /// - Important: Changes made to both properties at the same moment, on different threads, can cross: each
  ///   side then ends with the other's value. The next change on either side makes them equal again.
  /// - Parameter leading: The property whose value wins at the start.
  /// - Returns: A disposable that ends the binding.
  @discardableResult
  public func bindTwoWay(to leading: MutableProperty<Value>) -> any Disposable {
    makeTerminal().bind(to: leading.makeTerminal())
  }
}
