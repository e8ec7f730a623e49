import AsyncSignals

/// A Swift-native base for delegate proxies: a subclass conforms to a delegate protocol, turns each call into a
/// value of a ``DelegateMethod`` signal, and forwards it to the ``original`` delegate.
///
/// It replaces ReactiveCocoa's `RACDelegateProxy`, which forwarded unknown selectors through the Objective-C
/// runtime. Here the subclass spells out each method it bridges, so it is type-safe and works on Linux.
///
/// ```
/// caller (XMLParser, ListView) ──weak delegate──▶ proxy (you keep it alive)
///     proxy ──owns──▶ DelegateMethod ──▶ subscribers
///     proxy ──weak──▶ original delegate (receives every call; answers the ones that return a value)
/// ```
///
/// Methods that return a value return the original delegate's answer, or a default when there is no original
/// (see ``forward(default:_:)``). Delegate properties are usually `weak`, so keep a strong reference to the
/// proxy as long as you want the calls. `Delegate` is the protocol's existential, for example
/// `any XMLParserDelegate`; the original must be a class instance.
///
/// ```swift
/// protocol ListDelegate: AnyObject {
///   func list(_ list: ListView, didSelectRow row: Int)
///   func list(_ list: ListView, shouldSelectRow row: Int) -> Bool
/// }
///
/// final class ListDelegateProxy: DelegateProxy<any ListDelegate>, ListDelegate {
///   let selections = DelegateMethod<Int>()
///
///   func list(_ list: ListView, didSelectRow row: Int) {
///     selections.send(row)
///     forward { $0.list(list, didSelectRow: row) }
///   }
///
///   func list(_ list: ListView, shouldSelectRow row: Int) -> Bool {
///     forward(default: true) { $0.list(list, shouldSelectRow: row) }
///   }
/// }
///
/// let proxy = ListDelegateProxy(original: listView.delegate)
/// listView.delegate = proxy
/// proxy.selections.signal.subscribe(value: { print("selected", $0) })
/// ```
///
/// Like the delegating object, a proxy is not `Sendable`: it is called on the thread (or actor) its delegating
/// object uses, and ``original`` must be set there too. Its ``DelegateMethod`` signals are `Sendable` and can be
/// subscribed from anywhere.
///
/// - Important: Call ``forward(_:)`` after sending to the ``DelegateMethod``, so subscribers and the original
///   see calls in the same order, and never call the proxy's own conformance from inside `forward`.
open class DelegateProxy<Delegate> {
  private weak var originalObject: AnyObject?

  /// Creates a proxy that forwards every call to `original`, held weakly.
  ///
  /// ```swift
  /// let proxy = ParserProxy(original: parser.delegate)
  /// ```
  ///
  /// - Parameter original: The delegate that still receives every call, or `nil`.
  public init(original: Delegate? = nil) {
    originalObject = original.map { $0 as AnyObject }
  }

  /// The delegate that receives every forwarded call, held weakly (like a Cocoa `delegate` property).
  ///
  /// ```swift
  /// proxy.original = logger  // logger keeps receiving the calls
  /// ```
  public final var original: Delegate? {
    get { originalObject as? Delegate }
    set { originalObject = newValue.map { $0 as AnyObject } }
  }

  /// Calls `method` on the original delegate, if there is one.
  ///
  /// ```swift
  /// forward { $0.parserDidEndDocument(parser) }
  /// ```
  ///
  /// - Parameter method: Calls the delegate method on the original.
  public final func forward(_ method: (Delegate) -> Void) {
    if let original {
      method(original)
    }
  }

  /// Calls `method` on the original delegate and returns its answer, or `defaultValue` without an original.
  ///
  /// ```swift
  /// func list(_ list: ListView, shouldSelectRow row: Int) -> Bool {
  ///   forward(default: true) { $0.list(list, shouldSelectRow: row) }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - defaultValue: The answer when there is no original delegate.
  ///   - method: Calls the delegate method on the original and returns its answer.
  /// - Returns: The original's answer, or `defaultValue`.
  public final func forward<Answer>(
    default defaultValue: @autoclosure () -> Answer,
    _ method: (Delegate) -> Answer
  )
    -> Answer
  {
    guard let original else { return defaultValue() }
    return method(original)
  }
}
