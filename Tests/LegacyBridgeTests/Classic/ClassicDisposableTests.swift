import AsyncSignals
import LegacyBridge
import Testing

@Suite
struct ClassicDisposableTests {
  @Test func swapInDisposableReturnsThePreviousInnerWithoutDisposingIt() {
    let first = ActionDisposable()
    let second = ActionDisposable()
    let serial = SerialDisposable(first)
    let previous = serial.swapInDisposable(second)
    #expect(previous === first)
    #expect(!first.isDisposed)
    #expect(serial.inner === second)
    serial.dispose()
    #expect(second.isDisposed)
    #expect(!first.isDisposed)
  }

  @Test func swapInDisposableIntoAnEmptySerialDisposableReturnsNil() {
    let serial = SerialDisposable()
    let inner = ActionDisposable()
    #expect(serial.swapInDisposable(inner) == nil)
    #expect(serial.inner === inner)
  }

  @Test func swapInDisposableAfterDisposalDisposesTheNewOneAndReturnsNil() {
    let serial = SerialDisposable()
    serial.dispose()
    let late = ActionDisposable()
    #expect(serial.swapInDisposable(late) == nil)
    #expect(late.isDisposed)
  }

  @Test func settingInnerStillDisposesThePreviousOne() {
    let first = ActionDisposable()
    let serial = SerialDisposable(first)
    serial.inner = ActionDisposable()
    #expect(first.isDisposed)
  }
}
