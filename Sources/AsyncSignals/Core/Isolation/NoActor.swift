/// What code on no actor passes as `isolation: nil` to the APIs that take closures: its closures are `@Sendable`.
///
/// The closure-taking APIs (``Signal/subscribe(isolation:value:failed:completed:)-(Actor,(Value)->Void,_,_)``,
/// ``Observer/init(isolation:value:failed:completed:)-(Actor,_,_,_)`` and LegacyBridge's classic
/// names, commands and bindings) come in two forms. Called on an actor, the default `isolation` is that actor and
/// the closures are plain: they run on it. Code on no actor writes `isolation: nil`, which picks the form whose
/// closures are `@Sendable`, so the compiler checks what they capture:
///
/// ```swift
/// nonisolated func log(_ events: Signal<String, Never>) {
///   events.subscribe(isolation: nil, value: { print($0) })
/// }
/// ```
public struct NoActor: ExpressibleByNilLiteral, Sendable {
  /// Creates the value `nil` stands for.
  ///
  /// ```swift
  /// let none: NoActor = nil
  /// ```
  ///
  /// - Parameter nilLiteral: The literal.
  @inlinable
  public init(nilLiteral: ()) {}
}
