/// Why an execution of a ``Command`` failed: the command was disabled, the execution was replaced, or the
/// execution's own signal failed.
///
/// ```swift
/// command.execute(form).subscribeError { error in
///   switch error {
///   case .notEnabled: print("busy or invalid")
///   case .cancelled: print("replaced by a newer execution")
///   case .failed(let failure): print("failed:", failure)
///   }
/// }
/// ```
public enum CommandError<Failure: Error>: Error {
  /// `execute` was called while the command was disabled; nothing ran.
  case notEnabled
  /// A newer execution replaced this one (``ExecutionStrategy/replaceLatest``); its work was disposed.
  case cancelled
  /// The execution's signal failed.
  case failed(Failure)
}

extension CommandError: Equatable where Failure: Equatable {}
