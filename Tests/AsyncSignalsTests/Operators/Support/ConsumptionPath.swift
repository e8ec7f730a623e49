import AsyncSignals
import AsyncSignalsTesting
import TestSupport
import Testing

/// The two ways to consume a signal.
///
/// Operator tests run the same expectation through both.
enum ConsumptionPath: String, CaseIterable, Sendable, CustomTestStringConvertible {
  /// `signal.subscribe(observer)`, ended with `dispose()`.
  case callbacks
  /// `for try await value in signal`, ended by leaving the loop or cancelling its Task.
  case forAwait

  var testDescription: String { rawValue }

  /// Every event the signal sends through this path, up to and including its terminal event.
  func events<Value: Sendable, Failure: Error>(of signal: Signal<Value, Failure>) async -> [Event<Value, Failure>] {
    switch self {
    case .callbacks:
      let recorder = TestRecorder<Value, Failure>()
      let ended = Gate()
      signal.subscribe(
        Observer { event in
          recorder.observer.send(event: event)
          if event.isTerminal { ended.open() }
        }
      )
      await ended.wait()
      return recorder.untimedEvents
    case .forAwait:
      var events: [Event<Value, Failure>] = []
      do throws(Failure) {
        for try await value in signal {
          events.append(.value(value))
        }
        events.append(.completed)
      } catch {
        events.append(.failed(error))
      }
      return events
    }
  }

  /// The first `count` values, after which the subscription is ended by the consumer (dispose or `break`).
  func values<Value: Sendable, Failure: Error>(of signal: Signal<Value, Failure>, prefix count: Int) async -> [Value] {
    switch self {
    case .callbacks:
      let values = Locked<[Value]>([])
      let enough = Gate()
      let subscription = signal.subscribe(
        isolation: nil,
        value: { value in
          let received = values.withLock {
            $0.append(value)
            return $0.count
          }
          if received == count { enough.open() }
        }
      )
      await enough.wait()
      subscription.dispose()
      return values.withLock { $0 }
    case .forAwait:
      var values: [Value] = []
      do throws(Failure) {
        for try await value in signal {
          values.append(value)
          if values.count == count { break }
        }
      } catch {}
      return values
    }
  }

  /// Subscribes, waits until `subscribed` opens, then ends the subscription from the consumer's side and returns
  /// once it has ended.
  func subscribeThenEnd<Value: Sendable, Failure: Error>(_ signal: Signal<Value, Failure>, once subscribed: Gate) async
  {
    switch self {
    case .callbacks:
      let subscription = signal.subscribe(Observer { _ in })
      await subscribed.wait()
      subscription.dispose()
    case .forAwait:
      let task = Task {
        do throws(Failure) {
          for try await _ in signal {}
        } catch {}
      }
      await subscribed.wait()
      task.cancel()
      await task.value
    }
  }
}
