import AsyncSignals
import AsyncSignalsTesting
import TestSupport
import Testing

/// What a `for await` loop had buffered when it ended (Contracts.md rule 35).
///
/// It is dropped, not delivered, and released by the time the loop has returned, so resources the values hold are
/// let go. Kotlin drops them too (and calls `onUndeliveredElement`); `AsyncStream` keeps delivering them.
@Suite struct BufferedAtLoopEndTests {
  /// A value that counts its releases.
  final class Resource: Sendable {
    let number: Int
    let released: Counter

    init(_ number: Int, released: Counter) {
      self.number = number
      self.released = released
    }

    deinit {
      released.increment()
    }
  }

  /// A synchronous body sends 100 values before the loop takes its first batch: breaking after the second drops
  /// the other 98, and all 100 are released once the loop has returned.
  @Test func breakingDropsAndReleasesWhatIsBuffered() async {
    let released = Counter()
    let signal = Signal<Resource, Never> { observer, _ in
      for number in 1...100 { observer.send(Resource(number, released: released)) }
      observer.complete()
    }
    var received: [Int] = []
    for await resource in signal {
      received.append(resource.number)
      if received.count == 2 { break }
    }
    #expect(received == [1, 2])
    #expect(released.value == 100)
  }

  /// The consuming Task is cancelled in the middle of a batch: the loop ends at the next value (the per-value
  /// `Task.isCancelled` check), the rest of the batch is dropped, and everything is released.
  @Test func cancellingMidBatchDropsAndReleasesTheRestOfTheBatch() async {
    let released = Counter()
    let signal = Signal<Resource, Never> { observer, _ in
      for number in 1...100 { observer.send(Resource(number, released: released)) }
      observer.complete()
    }
    let consumer = Task {
      var received: [Int] = []
      for await resource in signal {
        received.append(resource.number)
        if resource.number == 3 { withUnsafeCurrentTask { $0?.cancel() } }
      }
      return (received, released.value)
    }
    let (received, releasedWhenTheLoopEnded) = await consumer.value
    #expect(received == [1, 2, 3])
    #expect(releasedWhenTheLoopEnded == 100)
  }

  /// A subject's values buffered for a loop that leaves (sent from inside the loop, so they wait in its buffer):
  /// dropped and released, while another subscriber gets every one.
  @Test func aSubjectsValuesBufferedForALoopThatLeavesAreReleased() async {
    let released = Counter()
    let subject = CurrentValueSubject<Resource, Never>(Resource(0, released: released))
    let others = TestRecorder<Int, Never>()
    let other = subject.signal.subscribe(isolation: nil, value: { others.observer.send($0.number) })
    var received: [Int] = []
    for await resource in subject.signal {
      received.append(resource.number)
      guard resource.number == 0 else { break }
      for number in 1...10 { subject.send(Resource(number, released: released)) }
    }
    other.dispose()
    #expect(received == [0, 1])
    #expect(others.values == Array(0...10))
    #expect(released.value == 10)  // 0 to 9; the subject still holds 10, its current value
  }
}
