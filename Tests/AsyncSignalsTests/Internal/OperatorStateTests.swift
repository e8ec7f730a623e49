import TestSupport
import Testing

@testable import AsyncSignals

/// `OperatorState`'s contract, checked in debug builds: no access starts while another is in progress.
@Suite struct OperatorStateTests {
  @Test func sequentialAccessesPass() {
    let state = OperatorState([1])
    state.value.append(state.value.count + 1)
    state.value[0] += 10
    #expect(state.value == [11, 2])
  }

  #if DEBUG
  @Test func anAccessThatStartsDuringAnotherStopsADebugBuild() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let state = OperatorState([0])
      state.value.withUnsafeMutableBufferPointer { _ in _ = state.value.count }  // a read inside a modify
    }
    #expect(result?.standardErrorText.contains("OperatorState: accessed while another access") == true)
  }
  #endif
}
