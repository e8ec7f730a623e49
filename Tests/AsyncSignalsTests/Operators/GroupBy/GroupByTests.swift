import AsyncSignals
import AsyncSignalsTesting
import TestSupport
import Testing

@Suite(.timeLimit(.minutes(1)))
struct GroupByTests {
  /// Subscribes to each group as it arrives (inside the delivery) and records `key:value` lines.
  static func recordGroups(
    of signal: Signal<GroupedSignal<Int, Int, Boom>, Boom>,
    into recorder: TestRecorder<String, Boom>
  ) -> any Disposable {
    signal.subscribe(
      Observer { event in
        switch event {
        case .value(let group):
          recorder.observer.send("group \(group.key)")
          group.signal.subscribe(
            Observer { inner in
              recorder.observer.send("\(group.key): \(inner)")
            }
          )
        case .failed(let failure):
          recorder.observer.fail(failure)
        case .completed:
          recorder.observer.complete()
        }
      }
    )
  }

  /// A probe whose values all go to one group, and that group, made by sending `first`.
  static func singleGroup(afterSending first: Int) -> (Probe<Int, Boom>, GroupedSignal<Int, Int, Boom>) {
    let probe = Probe<Int, Boom>()
    let groups = TestRecorder<GroupedSignal<Int, Int, Boom>, Boom>()
    probe.signal.groupBy { _ in 0 }.subscribe(groups.observer)
    probe.send(first)
    return (probe, groups.values[0])
  }

  @Test func valuesAreRoutedToTheGroupOfTheirKey() {
    let recorder = TestRecorder<String, Boom>()
    _ = Self.recordGroups(of: source([1, 2, 3, 4]).groupBy { $0 % 2 }, into: recorder)
    #expect(
      recorder.untimedEvents == [
        .value("group 1"), .value("1: value(1)"), .value("group 0"), .value("0: value(2)"),
        .value("1: value(3)"), .value("0: value(4)"), .value("1: completed"), .value("0: completed"), .completed,
      ]
    )
  }

  @Test func aFailureReachesEveryGroupThenTheResult() {
    let recorder = TestRecorder<String, Boom>()
    _ = Self.recordGroups(of: source([1], then: .failed(Boom())).groupBy { $0 }, into: recorder)
    #expect(
      recorder.untimedEvents == [
        .value("group 1"), .value("1: value(1)"), .value("1: failed(Boom(code: 0))"), .failed(Boom()),
      ]
    )
  }

  @Test(arguments: ConsumptionPath.allCases)
  func groupsBufferUntilTheirFirstSubscriber(path: ConsumptionPath) async {
    // The groups are collected first and subscribed only after the upstream has completed.
    let groups = await path.events(of: source([1, 2, 3, 4, 5]).groupBy { $0 % 2 }).compactMap(\.value)
    #expect(groups.map(\.key) == [1, 0])
    #expect(await path.events(of: groups[0].signal) == [.value(1), .value(3), .value(5), .completed])
    #expect(await path.events(of: groups[1].signal) == [.value(2), .value(4), .completed])
    // A later subscriber is hot: the buffer went to the first one, only the terminal event is left.
    #expect(await path.events(of: groups[0].signal) == [.completed])
  }

  @Test func aLateSubscriberOnlySeesLaterValues() {
    let (probe, group) = Self.singleGroup(afterSending: 1)
    let first = TestRecorder<Int, Boom>()
    group.signal.subscribe(first.observer)
    probe.send(2)
    let second = TestRecorder<Int, Boom>()
    group.signal.subscribe(second.observer)
    probe.send(3)
    probe.complete()
    #expect(first.untimedEvents == [.value(1), .value(2), .value(3), .completed])
    #expect(second.untimedEvents == [.value(3), .completed])
  }

  @Test func disposingTheGroupingCompletesTheGroupsAndStopsTheUpstream() {
    let probe = Probe<Int, Boom>()
    let groups = TestRecorder<GroupedSignal<Int, Int, Boom>, Boom>()
    let subscription = probe.signal.groupBy { $0 }.subscribe(groups.observer)
    probe.send(1)
    let inner = TestRecorder<Int, Boom>()
    groups.values[0].signal.subscribe(inner.observer)
    subscription.dispose()
    #expect(probe.disposals.value == 1)
    #expect(inner.untimedEvents == [.value(1), .completed])
  }

  @Test func disposingAGroupSubscriptionStopsOnlyThatSubscriber() {
    let (probe, group) = Self.singleGroup(afterSending: 1)
    let inner = TestRecorder<Int, Boom>()
    let innerSubscription = group.signal.subscribe(inner.observer)
    innerSubscription.dispose()
    probe.send(2)
    #expect(inner.untimedEvents == [.value(1)])
    #expect(probe.disposals.value == 0)
  }

  @Test func aSubscriberDisposedByAnotherDuringADeliveryReceivesNothingMore() {
    let (probe, group) = Self.singleGroup(afterSending: 1)
    let second = SerialDisposable()
    let secondEvents = TestRecorder<Int, Boom>()
    // The first subscriber disposes the second while the group delivers 2 to both.
    group.signal.subscribe(isolation: nil, value: { if $0 == 2 { second.dispose() } })
    second.inner = group.signal.subscribe(secondEvents.observer)
    probe.send(2)
    probe.send(3)
    // The group delivers in subscription order, so the second was disposed before 2 reached it.
    #expect(secondEvents.untimedEvents == [])
  }

  @Test func aSubscriptionMadeDuringTheGroupsDeliveryStartsAfterTheEventInProgress() {
    let (probe, group) = Self.singleGroup(afterSending: 1)
    let first = TestRecorder<Int, Boom>()
    let second = TestRecorder<Int, Boom>()
    group.signal.subscribe(
      Observer { event in
        first.observer.send(event: event)
        // Re-entrant: queued in the group's mailbox, so it sees neither this event nor the replay.
        if event.value == 2 { group.signal.subscribe(second.observer) }
      }
    )
    probe.send(2)
    probe.send(3)
    probe.complete()
    #expect(first.untimedEvents == [.value(1), .value(2), .value(3), .completed])
    #expect(second.untimedEvents == [.value(3), .completed])
  }

  /// A key whose hashing runs user code that ends the subscription, which takes groupBy's lock.
  struct DisposingKey: Hashable, Sendable {
    let id: Int
    let onHash: @Sendable () -> Void

    static func == (lhs: Self, rhs: Self) -> Bool { lhs.id == rhs.id }

    func hash(into hasher: inout Hasher) {
      onHash()
      hasher.combine(id)
    }
  }

  @Test func aKeyIsHashedUnderNoLock() {
    let subject = PassthroughSubject<Int, Never>()
    let subscription = Locked<(any Disposable)?>(nil)
    let key: @Sendable (Int) -> DisposingKey = { value in
      DisposingKey(id: value % 2) {
        // Hashing the second value's key disposes: with the table's lock held, this would deadlock.
        if value == 2 { subscription.withLock { $0 }?.dispose() }
      }
    }
    let groups = Locked<[Int]>([])
    subscription.withLock {
      $0 = subject.signal.groupBy(key).subscribe(
        isolation: nil,
        value: { group in
          groups.withLock { $0.append(group.key.id) }
        }
      )
    }
    subject.send(1)
    subject.send(2)
    subject.send(3)
    #expect(groups.withLock { $0 } == [1])  // the group of 2 was never made: the subscription ended first
    #expect(subscription.withLock { $0 }?.isDisposed == true)
  }

  @Test func anUpstreamFailureEndsEveryGroupDrawnAsMarbles() {
    let scheduler = TestScheduler(frame: .seconds(1))
    let numbers = scheduler.makeColdSignal("-1-2-#", values: ["1": 1, "2": 2], failure: Boom())
    let groups = scheduler.recordHigherOrder(numbers.signal.groupBy { $0 }.map { $0.signal })
    scheduler.run()
    groups.expectMarbles("-a-b-#", inner: ["a": "1---#", "b": "2-#"], failure: Boom(), innerFailure: Boom())
  }
}
