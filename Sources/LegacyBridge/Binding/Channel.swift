import AsyncSignals

/// Two connected terminals: what is sent to one terminal arrives at the other terminal's subscribers, and not
/// back at its own (RAC `RACChannel`).
///
/// A value sent to ``leading`` reaches the subscribers of ``following``, which also receive the latest such
/// value when they subscribe (a replay of one). A value sent to ``following`` reaches the current subscribers of
/// ``leading``, with no replay. Completing either terminal completes the subscribers of both. Delivery happens
/// on the sending thread, serialised per terminal.
///
/// ```swift
/// let channel = Channel<Int>()
/// channel.leading.send(1)
/// channel.following.subscribe(value: { print("following:", $0) })  // following: 1 (replayed)
/// channel.leading.subscribe(value: { print("leading:", $0) })
/// channel.following.send(2)                                        // leading: 2
/// ```
///
/// ```
///  leading.send ──▶ ReplaySubject(1) ──▶ following's subscribers
///  following.send ──▶ PassthroughSubject ──▶ leading's subscribers
///  either complete ──▶ both subjects complete
/// ```
public struct Channel<Value: Sendable>: Sendable {
  /// The terminal whose values the following side replays; in RAC, the side of the model.
  ///
  /// ```swift
  /// channel.leading.send(model.value)
  /// ```
  public let leading: ChannelTerminal<Value>

  /// The terminal that receives the leading side's latest value on subscription; in RAC, the side of the view.
  ///
  /// ```swift
  /// channel.following.subscribeNext { field.text = $0 }
  /// ```
  public let following: ChannelTerminal<Value>

  /// Creates a channel whose terminals have not sent anything yet.
  ///
  /// ```swift
  /// let channel = Channel<String>()
  /// ```
  public init() {
    let toLeading = PassthroughSubject<Value, Never>()
    let toFollowing = ReplaySubject<Value, Never>(capacity: 1)
    let completeBoth: @Sendable () -> Void = {
      toLeading.complete()
      toFollowing.complete()
    }
    leading = ChannelTerminal(
      signal: toLeading.signal,
      observer: Observer(isolation: nil, value: { toFollowing.send($0) }, completed: completeBoth)
    )
    following = ChannelTerminal(
      signal: toFollowing.signal,
      observer: Observer(isolation: nil, value: { toLeading.send($0) }, completed: completeBoth)
    )
  }
}
