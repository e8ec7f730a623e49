import Testing

@testable import AsyncSignals

/// The first-in, first-out queue behind serial deliveries and buffering operators.
@Suite struct QueueTests {
  /// Holds a value and records its release, to check that the queue hands out its last reference.
  final class Tracked: Sendable {
    let value: Int
    let released: @Sendable () -> Void

    init(_ value: Int, released: @escaping @Sendable () -> Void) {
      self.value = value
      self.released = released
    }

    deinit { released() }
  }

  @Test func popsInTheOrderAppended() {
    var queue = Queue<Int>()
    queue.append(1)
    queue.append(2)
    #expect(queue.popFirst() == 1)
    queue.append(3)
    #expect(queue.count == 2)
    #expect(queue.popFirst() == 2)
    #expect(queue.popFirst() == 3)
    #expect(queue.popFirst() == nil)
    #expect(queue.isEmpty)
  }

  @Test(arguments: [1, 31, 32, 33, 100, 1_000])
  func keepsOrderWhileNeverRunningEmpty(length: Int) {
    // One element stays queued throughout, so the queue compacts instead of clearing.
    var queue = Queue<Int>()
    queue.append(0)
    var popped: [Int] = []
    for value in 1...length {
      queue.append(value)
      popped.append(queue.popFirst() ?? -1)
      #expect(queue.count == 1)
      #expect(queue.slots.count <= 64)
    }
    popped.append(queue.popFirst() ?? -1)
    #expect(popped == Array(0...length))
    #expect(queue.isEmpty)
  }

  @Test func popFirstHandsOutTheOnlyReference() {
    let releases = Locked(0)
    var queue = Queue<Tracked>()
    queue.append(Tracked(1) { releases.withLock { $0 += 1 } })
    queue.append(Tracked(2) { releases.withLock { $0 += 1 } })
    var first = queue.popFirst()
    #expect(first?.value == 1)
    first = nil
    #expect(releases.withLock { $0 } == 1)
    var second = queue.popFirst()
    #expect(queue.isEmpty)
    second = nil
    #expect(releases.withLock { $0 } == 2)
    _ = (first, second)
  }

  @Test func reusesItsSlotsAfterRunningEmpty() {
    var queue = Queue<Int>()
    for round in 0..<3 {
      queue.append(round * 10 + 1)
      queue.append(round * 10 + 2)
      queue.append(round * 10 + 3)
      #expect(queue.popFirst() == round * 10 + 1)
      queue.append(round * 10 + 4)
      #expect(queue.count == 3)
      #expect(queue.popFirst() == round * 10 + 2)
      #expect(queue.popFirst() == round * 10 + 3)
      #expect(queue.popFirst() == round * 10 + 4)
      #expect(queue.isEmpty)
      #expect(queue.popFirst() == nil)
      #expect(queue.slots.count == 4)  // the slots of the first round, reused
    }
  }

  @Test func anElementInAReusedSlotIsHandedOutWithItsOnlyReference() {
    let releases = Locked(0)
    var queue = Queue<Tracked>()
    queue.append(Tracked(1) { releases.withLock { $0 += 1 } })
    _ = queue.popFirst()
    #expect(releases.withLock { $0 } == 1)
    queue.append(Tracked(2) { releases.withLock { $0 += 1 } })
    var reused = queue.popFirst()
    #expect(reused?.value == 2)
    #expect(releases.withLock { $0 } == 1)
    reused = nil
    #expect(releases.withLock { $0 } == 2)
    _ = reused
  }
}
