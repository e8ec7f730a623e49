import Testing

@testable import AsyncSignals

@Suite struct ScheduledSlotTests {
  @Test func newerGenerationReplacesAndCancelsTheOlder() {
    let slot = ScheduledSlot()
    let first = ActionDisposable()
    let second = ActionDisposable()
    slot.store(first, generation: 1)
    slot.store(second, generation: 2)
    #expect(first.isDisposed)
    #expect(!second.isDisposed)
  }

  @Test func lateOlderGenerationIsDisposedInsteadOfStored() {
    let slot = ScheduledSlot()
    let newer = ActionDisposable()
    let late = ActionDisposable()
    slot.store(newer, generation: 2)
    slot.store(late, generation: 1)
    #expect(late.isDisposed)
    #expect(!newer.isDisposed)
    slot.dispose()
    #expect(newer.isDisposed)
  }

  @Test func afterDisposalEverythingStoredIsDisposed() {
    let slot = ScheduledSlot()
    slot.dispose()
    let later = ActionDisposable()
    slot.store(later, generation: 5)
    #expect(later.isDisposed)
    #expect(slot.isDisposed)
  }
}
