import AsyncSignals
import Dispatch
import Synchronization
import TestSupport
import Testing

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A thread that never stops sending must not hold another caller inside the library (issue 21, part 2).
///
/// The caller under test runs on its own thread and the test waits for it with a generous deadline: a caller
/// captured by the producer's work makes the test fail (and then stop the producer, which frees the caller)
/// rather than hang.
@Suite(.serialized, .timeLimit(.minutes(1)))
struct ContendedDeliveryStressTests {
  /// Tells a producer to stop.
  final class StopFlag: Sendable {
    private let flag = Atomic<Bool>(false)
    var isSet: Bool { flag.load(ordering: .acquiring) }
    func set() { flag.store(true, ordering: .releasing) }
  }

  /// Runs `body` on a thread of its own; returns whether it finished within `seconds`, and what waits for it
  /// to finish if it had not.
  static func finishes(
    within seconds: Int,
    _ body: @escaping @Sendable () -> Void
  ) -> (finished: Bool, waitUntilDone: () -> Void) {
    let done = startThread(body)
    let finished = done.wait(timeout: .now() + .seconds(seconds)) == .success
    return (finished, { if !finished { done.wait() } })
  }

  /// A send returns even when every value its thread delivers makes another thread send once more.
  ///
  /// Deterministic: each delivery on the caller's thread waits until the producer's next send has returned. The
  /// caller owns delivery, so each such send queues work for it; before the drain was
  /// bounded, the caller's own `send` never returned.
  @Test func aSendReturnsWhileEachValueItDeliversMakesAnotherThreadSendAgain() {
    let subject = PassthroughSubject<Int, Never>()
    let callerThread = Atomic<UInt>(0)
    let stop = StopFlag()
    let go = DispatchSemaphore(value: 0)
    let sent = DispatchSemaphore(value: 0)
    let delivered = Atomic<Int>(0)
    let subscription = subject.signal.subscribe(
      isolation: nil,
      value: { _ in
        delivered.add(1, ordering: .relaxed)
        guard !stop.isSet, callerThread.load(ordering: .acquiring) == Self.currentThread() else { return }
        go.signal()  // the producer sends one more value while this thread owns delivery…
        sent.wait()  // …and that send has returned (queued for this thread) before this delivery ends
      }
    )
    let producerDone = startThread {
      var value = 0
      while true {
        go.wait()
        if stop.isSet { break }
        subject.send(value)
        value += 1
        sent.signal()
      }
    }
    let (finished, waitForCaller) = Self.finishes(within: 20) {
      callerThread.store(Self.currentThread(), ordering: .releasing)
      subject.send(-1)
      callerThread.store(0, ordering: .releasing)
    }
    #expect(finished, "send(-1) was still draining the other thread's sends after 20 s")
    stop.set()
    sent.signal()
    go.signal()
    waitForCaller()
    producerDone.wait()
    subscription.dispose()
    #expect(delivered.load(ordering: .relaxed) > 1_000)
  }

  /// A value whose release on the caller's thread makes the producer send one more, and waits until that send
  /// has returned.
  final class Token: Sendable {
    let onRelease: @Sendable () -> Void
    init(onRelease: @escaping @Sendable () -> Void) { self.onRelease = onRelease }
    deinit { onRelease() }
  }

  /// A disposal returns even when every event it drops makes another thread send once more.
  ///
  /// Deterministic: disposal releases the observer chain and what was queued, on the disposing thread; each
  /// release there makes the producer send once more while the caller still owns delivery. Before a disposed
  /// delivery stopped queueing, every such send was more work for the disposing caller, which never returned.
  @Test func aDisposalReturnsWhileEachEventItDropsMakesAnotherThreadSendAgain() {
    let callerThread = Atomic<UInt>(0)
    let stop = StopFlag()
    let go = DispatchSemaphore(value: 0)
    let sent = DispatchSemaphore(value: 0)
    let onRelease: @Sendable () -> Void = {
      guard !stop.isSet, callerThread.load(ordering: .acquiring) == Self.currentThread() else { return }
      go.signal()
      sent.wait()
    }
    let captured = Locked<Observer<Token, Never>?>(nil)
    // `held` is released with the observer chain, on the disposing thread: the first send.
    let subscription = Signal<Token, Never> { observer, _ in captured.withLock { $0 = observer } }
      .subscribe(isolation: nil, value: { [held = Token(onRelease: onRelease)] _ in _ = held })
    let observer = captured.withLock { $0 }!
    let producerDone = startThread {
      while true {
        go.wait()
        if stop.isSet { break }
        observer.send(Token(onRelease: onRelease))
        sent.signal()
      }
    }
    let (finished, waitForCaller) = Self.finishes(within: 20) {
      callerThread.store(Self.currentThread(), ordering: .releasing)
      subscription.dispose()
      callerThread.store(0, ordering: .releasing)
    }
    #expect(finished, "dispose() was still dropping the other thread's sends after 20 s")
    stop.set()
    sent.signal()
    go.signal()
    waitForCaller()
    producerDone.wait()
  }

  static func currentThread() -> UInt {
    #if canImport(Glibc)
    UInt(pthread_self())
    #else
    UInt(bitPattern: pthread_self())
    #endif
  }
}
