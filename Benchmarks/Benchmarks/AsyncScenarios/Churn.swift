import AsyncSignals

extension AsyncScenario {
  /// Scenario 4, consumed with `for await`: 10,000 loops over a one-value sequence.
  public static var churn: [AsyncScenario] {
    let loops = 10_000
    let signal = Signal<Int, Never>.just(1)
    return [
      AsyncScenario("churn/AsyncSignals for await", events: loops) {
        var total = 0
        for _ in 0..<loops { total &+= await sum(signal) }
        return total
      },
      AsyncScenario("churn/AsyncStream", events: loops) {
        var total = 0
        for _ in 0..<loops {
          let stream = AsyncStream<Int> { continuation in
            continuation.yield(1)
            continuation.finish()
          }
          total &+= await sum(stream)
        }
        return total
      },
    ]
  }
}
