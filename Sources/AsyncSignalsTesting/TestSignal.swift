import AsyncSignals

/// A scripted source for tests: a signal that sends recorded events at virtual times, and the log of its
/// subscriptions.
///
/// Made by ``TestScheduler/makeColdSignal(_:)->TestSignal<Value,Failure>`` (the script replays for each subscriber,
/// relative to the time it subscribes) or ``TestScheduler/makeHotSignal(_:)->TestSignal<Value,Failure>`` (the script
/// plays once, at absolute times, to whoever is subscribed then). ``subscriptions`` tells when each subscription
/// started and ended, so a test can check that an operator subscribed and disposed upstream when it should. Both
/// also take the script drawn as a marble string (``TestScheduler/makeColdSignal(_:values:)``,
/// ``TestScheduler/makeHotSignal(_:values:)``), and ``expectSubscriptions(_:fileID:filePath:line:column:)`` checks
/// the subscriptions drawn as `^---!`.
///
/// ```swift
/// let source = scheduler.makeHotSignal([.value(1, at: .seconds(1)), .completed(at: .seconds(3))])
/// let recorder = scheduler.record(source.signal)
/// scheduler.run()
/// #expect(source.subscriptions == [TestSubscription(subscribedAt: .zero, disposedAt: .seconds(3))])
/// ```
public final class TestSignal<Value: Sendable, Failure: Error>: Sendable {
  /// The subscriptions so far and, for a hot source, the observers subscribed now.
  private final class Log: Sendable {
    struct State {
      var subscriptions: [TestSubscription] = []
      var observers: [Int: Observer<Value, Failure>] = [:]
    }

    let state = Locked(State())
  }

  private let log = Log()

  /// The signal to subscribe to.
  public let signal: Signal<Value, Failure>

  /// The events the source sends and their times: after each subscription for a cold source, since the
  /// scheduler's zero for a hot one.
  ///
  /// ```swift
  /// let source = scheduler.makeColdSignal([.value(1, at: .seconds(1))] as [Recorded<Int, Never>])
  /// #expect(source.script == [.value(1, at: .seconds(1))])
  /// ```
  public let script: [Recorded<Value, Failure>]

  /// Whether the source is hot (``TestScheduler/makeHotSignal(_:)->TestSignal<Value,Failure>``): it plays ``script``
  /// once, at absolute times, rather than for each subscriber.
  public let isHot: Bool

  /// The scheduler's ``TestScheduler/frame``, the time of one `-` in the source's subscription marbles.
  let frame: Duration

  fileprivate init(scheduler: TestScheduler, isHot: Bool, script: [Recorded<Value, Failure>]) {
    self.script = script
    self.isHot = isHot
    frame = scheduler.frame
    let log = log
    signal = Signal { [scheduler] observer, lifetime in
      let index = log.state.withLock { state in
        state.subscriptions.append(TestSubscription(subscribedAt: scheduler.now.offset, disposedAt: nil))
        let index = state.subscriptions.count - 1
        if isHot { state.observers[index] = observer }
        return index
      }
      lifetime.onDispose {
        let removed = log.state.withLock { state in
          state.subscriptions[index].disposedAt = scheduler.now.offset
          return state.observers.removeValue(forKey: index)
        }
        withExtendedLifetime(removed) {}
      }
      guard !isHot else { return }
      for record in script {
        lifetime += scheduler.schedule(after: record.time) { observer.send(event: record.event) }
      }
    }
    guard isHot else { return }
    for record in script {
      scheduler.schedule(at: record.time) {
        let observers = log.state.withLock { $0.observers.sorted { $0.key < $1.key }.map(\.value) }
        for observer in observers {
          observer.send(event: record.event)
        }
      }
    }
  }

  /// Every subscription so far, in the order they started.
  public var subscriptions: [TestSubscription] {
    log.state.withLock { $0.subscriptions }
  }
}

extension TestScheduler {
  /// A cold test source: each subscription replays `script`, with times relative to when it subscribed.
  ///
  /// ```swift
  /// let source = scheduler.makeColdSignal([.value("a", at: .seconds(1)), .completed(at: .seconds(2))])
  /// ```
  ///
  /// - Parameter script: The events and their times after subscription.
  /// - Returns: The source.
  public func makeColdSignal<Value, Failure>(_ script: [Recorded<Value, Failure>]) -> TestSignal<Value, Failure> {
    noteDriver()
    return TestSignal(scheduler: self, isHot: false, script: script)
  }

  /// A hot test source: `script` plays once at absolute virtual times, to the subscribers of that moment.
  ///
  /// ```swift
  /// let source = scheduler.makeHotSignal([.value(1, at: .seconds(1)), .value(2, at: .seconds(2))])
  /// ```
  ///
  /// - Parameter script: The events and their virtual times.
  /// - Returns: The source; its events are already scheduled.
  public func makeHotSignal<Value, Failure>(_ script: [Recorded<Value, Failure>]) -> TestSignal<Value, Failure> {
    noteDriver()
    return TestSignal(scheduler: self, isHot: true, script: script)
  }
}
