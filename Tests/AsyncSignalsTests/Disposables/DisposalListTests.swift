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
