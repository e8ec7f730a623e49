import AsyncSignalsTesting
import TestSupport
import Testing

@testable import AsyncSignals

/// ``DisposalList`` as a value: two entries inline, then an array, always handed out in the order added.
@Suite struct DisposalListTests {
  /// Records the number of each entry run, in order.
  let order = TestRecorder<Int, Never>()

  func entry(_ number: Int) -> DisposalEntry {
    .action { [order] in order.observer.send(number) }
  }

  func stored(_ action: DisposalList.AddAction) throws -> UInt64 {
    guard case .stored(let token) = action else {
      Issue.record("expected the entry to be stored, got \(action)")
      throw CancellationError()
    }
    return token
  }

  @Test(arguments: 1...4)
  func disposeHandsOutEveryEntryInTheOrderAdded(count: Int) throws {
    var list = DisposalList()
    for number in 1...count {
      _ = try stored(list.add(entry(number)))
    }
    DisposalEntry.runAll(list.dispose())
    #expect(order.values == Array(1...count))
    #expect(list.isDisposed)
    #expect(list.dispose() == nil)
  }

  @Test(arguments: 0..<4)
  func removingOneEntryKeepsTheOthersInOrder(removedIndex: Int) throws {
    var list = DisposalList()
    var tokens: [UInt64] = []
    for number in 1...4 {
      let token = try stored(list.add(entry(number)))
      tokens.append(token)
    }
    let removedEntry = list.remove(token: tokens[removedIndex])
    let removed = try #require(removedEntry)
    #expect(list.remove(token: tokens[removedIndex]) == nil)
    _ = try stored(list.add(entry(5)))
    DisposalEntry.runAll(list.dispose())
    #expect(order.values == [1, 2, 3, 4, 5].filter { $0 != removedIndex + 1 })
    removed.run()
    #expect(order.values.last == removedIndex + 1)
  }

  /// 10,000 entries, 7,500 of them removed in a shuffled (seeded) order, with compactions on the way: the removed
  /// ones are handed back once and never run, the others run in the order added, and removing again finds nothing.
  @Test func tenThousandEntriesRemovedInAnyOrderKeepTheRestInOrder() throws {
    var list = DisposalList()
    var tokens: [UInt64] = []
    for number in 0..<10_000 {
      tokens.append(try stored(list.add(entry(number))))
    }
    var generator = SeededRandom(seed: 36)
    let removed = Array((0..<10_000).shuffled(using: &generator).prefix(7_500))
    for index in removed {
      #expect(list.remove(token: tokens[index]) != nil, "entry \(index) not found")
      #expect(list.remove(token: tokens[index]) == nil, "entry \(index) removed twice")
    }
    #expect(list.count == 2_500)
    let removedSet = Set(removed)
    list.add(entry(10_000)).ignore()
    DisposalEntry.runAll(list.dispose())
    #expect(order.values == (0..<10_000).filter { !removedSet.contains($0) } + [10_000])
  }

  /// Removing from the end (a child that ends soon after it started) leaves no empty place behind, even after
  /// places further in were emptied.
  @Test func removingFromTheEndTrimsTheEmptyPlacesBeforeIt() throws {
    var list = DisposalList()
    var tokens: [UInt64] = []
    for number in 0..<8 {
      tokens.append(try stored(list.add(entry(number))))
    }
    _ = list.remove(token: tokens[5])
    _ = list.remove(token: tokens[6])
    _ = list.remove(token: tokens[7])  // the last: trims 6 and 5 too
    #expect(list.count == 5)
    list.add(entry(8)).ignore()
    DisposalEntry.runAll(list.dispose())
    #expect(order.values == [0, 1, 2, 3, 4, 8])
  }

  @Test func aFreedInlineSlotIsRefilledOnlyWhileNothingFollowsIt() throws {
    var list = DisposalList()
    let first = try stored(list.add(entry(1)))
    let second = try stored(list.add(entry(2)))
    _ = list.remove(token: second)
    _ = try stored(list.add(entry(3)))  // refills the second slot
    _ = list.remove(token: first)
    _ = try stored(list.add(entry(4)))  // must come after 3, not in the free first slot
    DisposalEntry.runAll(list.dispose())
    #expect(order.values == [3, 4])
  }

  @Test func addingAfterDisposalHandsTheEntryBack() throws {
    var list = DisposalList()
    _ = list.dispose()
    guard case .runNow(let late) = list.add(entry(1)) else {
      Issue.record("expected the entry to be handed back")
      return
    }
    late.run()
    #expect(order.values == [1])
  }
}

@Suite struct LifetimeChildTests {
  @Test func aChildThatEndsFirstIsReleasedByItsParent() {
    let parent = Lifetime()
    weak var released: Lifetime?
    do {
      let child = parent.makeChild()
      released = child
      child.dispose()
    }
    #expect(released == nil)
    #expect(!parent.isDisposed)
    parent.dispose()
  }

  @Test func endingTheParentEndsItsChildrenInOrder() {
    let order = TestRecorder<Int, Never>()
    let parent = Lifetime()
    for number in 1...3 {
      parent.makeChild().onDispose { order.observer.send(number) }
    }
    parent.dispose()
    #expect(order.values == [1, 2, 3])
  }

  @Test func aChildOfAnEndedParentEndsAtOnce() {
    let parent = Lifetime()
    parent.dispose()
    let child = parent.makeChild()
    #expect(child.isDisposed)
  }

  @Test func aChildWithACleanupThatEndsFirstIsReleasedByItsParent() {
    let parent = Lifetime()
    let ran = Counter()
    weak var released: Lifetime?
    do {
      let child = parent.makeChild()
      released = child
      child.onDispose { ran.increment() }  // registers the child in the parent's list
      child.dispose()
    }
    #expect(ran.value == 1)
    #expect(released == nil)
    parent.dispose()
    #expect(ran.value == 1)
  }

  @Test func aChildWithNothingToTearDownSeesItsParentsEnd() {
    let parent = Lifetime()
    let child = parent.makeChild()
    let grandchild = child.makeChild()
    parent.dispose()
    #expect(child.isDisposed)
    #expect(grandchild.isDisposed)
    let ran = Counter()
    grandchild.onDispose { ran.increment() }
    #expect(ran.value == 1)  // added after the end: runs at once
  }

  @Test func aGrandchildsCleanupRunsOnceWhenTheRootEnds() {
    let root = Lifetime()
    let child = root.makeChild()
    let grandchild = child.makeChild()
    let ran = Counter()
    grandchild.onDispose { ran.increment() }
    #expect(!grandchild.isDisposed)
    root.dispose()
    #expect(ran.value == 1)
    #expect(grandchild.isDisposed)
    child.dispose()
    grandchild.dispose()
    #expect(ran.value == 1)
  }

  @Test func aChildsTaskIsCancelledWhenItsParentEnds() async {
    let parent = Lifetime()
    let child = parent.makeChild()
    let started = Gate()
    let cancelled = Gate()
    child.task {
      started.open()
      await withTaskCancellationHandler {
        await cancelled.wait()
      } onCancel: {
        cancelled.open()
      }
    }
    await started.wait()
    parent.dispose()
    await cancelled.wait()
    #expect(child.isDisposed)
  }

  @Test func aLifetimeThatNeverHadAnEntryEndsAndRunsLaterAdditionsAtOnce() {
    let lifetime = Lifetime()
    lifetime.dispose()
    #expect(lifetime.isDisposed)
    let ran = Counter()
    lifetime.onDispose { ran.increment() }
    #expect(ran.value == 1)
    lifetime.dispose()
    #expect(ran.value == 1)
  }

  @Test func aChildKeepsItsParentObjectUntilItIsReleased() {
    var parent: Lifetime? = Lifetime()
    weak let released = parent
    var child: Lifetime? = parent!.makeChild()
    parent = nil
    #expect(released != nil)  // the child still links to it
    child!.dispose()
    #expect(released != nil)  // a concurrent `isDisposed` may still read it
    child = nil
    #expect(released == nil)
  }

  @Test func aChildOutlivingItsParentObjectStillEnds() {
    var parent: Lifetime? = Lifetime()
    let child = parent!.makeChild()
    parent = nil
    child.dispose()
    #expect(child.isDisposed)
  }
}

extension DisposalList.AddAction {
  /// Discards the action of an addition whose token the test does not need.
  func ignore() {}
}
