import AsyncSignals

/// Records every event an observer receives, for comparing whole histories in tests.
package final class EventRecorder<Value: Sendable, Failure: Error>: Sendable {
  private let recorded = Locked<[Event<Value, Failure>]>([])

  /// Creates an empty recorder.
  package init() {}

  /// An observer that appends each event it receives.
  package var observer: Observer<Value, Failure> {
    Observer { [self] event in recorded.withLock { $0.append(event) } }
  }

  /// The events received so far, in order.
  package var events: [Event<Value, Failure>] {
    recorded.withLock { $0 }
  }

  /// The values received so far, in order.
  package var values: [Value] {
    events.compactMap(\.value)
  }
}
