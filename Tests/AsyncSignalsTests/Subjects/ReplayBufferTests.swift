import Testing

@testable import AsyncSignals

@Suite struct ReplayBufferTests {
  @Test func zeroCapacityKeepsNothingAndHandsTheValueBack() {
    var buffer = ReplayBuffer<Int>(capacity: 0)
    #expect(buffer.append(1) == 1)
    #expect(Array(buffer) == [])
    #expect(buffer.last == nil)
  }

  @Test func boundedKeepsTheNewestValuesOldestFirst() {
    var buffer = ReplayBuffer<Int>(capacity: 3)
    var evicted: [Int] = []
    for value in 1...7 {
      if let old = buffer.append(value) { evicted.append(old) }
      #expect(Array(buffer) == Array((1...value).suffix(3)))
      #expect(buffer.last == value)
    }
    #expect(evicted == [1, 2, 3, 4])
    #expect(buffer.count == 3)
  }

  @Test func unboundedKeepsEverything() {
    var buffer = ReplayBuffer<Int>(capacity: .max)
    for value in 1...100 { #expect(buffer.append(value) == nil) }
    #expect(Array(buffer) == Array(1...100))
  }

  @Test func aCopyIsNotChangedByLaterAppends() {
    var buffer = ReplayBuffer<Int>(capacity: 2)
    _ = buffer.append(1)
    _ = buffer.append(2)
    let snapshot = buffer
    _ = buffer.append(3)
    #expect(Array(snapshot) == [1, 2])
    #expect(Array(buffer) == [2, 3])
  }
}
