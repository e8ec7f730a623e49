import Testing

extension ExitTest.Result {
  /// What the exited process wrote to standard error, as text; a precondition's message ends up there.
  ///
  /// Observe it with `#expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { … }`.
  public var standardErrorText: String {
    String(decoding: standardErrorContent, as: UTF8.self)
  }
}
