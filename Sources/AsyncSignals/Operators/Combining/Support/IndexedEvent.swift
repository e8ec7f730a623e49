/// An event of the upstream at `index` of a multi-input operator.
@usableFromInline
struct IndexedEvent<Element: Sendable, Failure: Error>: Sendable {
  /// The position of the upstream among the operator's inputs.
  @usableFromInline
  let index: Int
  /// What it sent.
  @usableFromInline
  let event: Event<Element, Failure>

  @inlinable
  init(index: Int, event: Event<Element, Failure>) {
    self.index = index
    self.event = event
  }
}
