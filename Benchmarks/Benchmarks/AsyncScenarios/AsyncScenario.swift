/// One async variant of a benchmark scenario: a workload run the same way by the ordo-one harness
/// (`SignalBenchmarks`) and by the standalone two-core program (`AsyncStandalone`).
///
/// Sharing the workloads keeps the two measurements comparable: only the executor differs (the harness runs
/// async benchmarks on one cooperative thread, the standalone program on the default two-thread pool).
///
/// ```swift
/// for scenario in AsyncScenario.all {
///   let checksum = await scenario.run()
///   print(scenario.name, scenario.events, checksum)
/// }
/// ```
public struct AsyncScenario: Sendable {
  /// The benchmark's name, `<scenario>/<variant>`.
  public let name: String

  /// How many events one run handles: values through the pipeline, sends, or subscriptions.
  public let events: Int

  /// Runs the workload once and returns a checksum of what it consumed, so nothing can be optimised away.
  public let run: @Sendable () async -> Int

  /// Creates a scenario.
  ///
  /// - Parameters:
  ///   - name: The benchmark's name, `<scenario>/<variant>`.
  ///   - events: How many events one run handles.
  ///   - run: The workload, returning a checksum.
  public init(_ name: String, events: Int, run: @escaping @Sendable () async -> Int) {
    self.name = name
    self.events = events
    self.run = run
  }

  /// Every async scenario, in the order the harness registers them.
  public static var all: [AsyncScenario] {
    asyncPipeline + fanOut + churn
  }
}

/// The size of the async pipeline scenarios (a tenth of the synchronous pipeline's 1,000,000).
public let asyncPipelineCount = 100_000

/// The map stage of every pipeline variant: adds one.
///
/// ```swift
/// let mapped = mapStage(1)  // 2
/// ```
///
/// - Parameter value: The value.
/// - Returns: The value plus one, wrapping.
@inline(__always) public func mapStage(_ value: Int) -> Int { value &+ 1 }

/// The filter stage of every pipeline variant: keeps even values.
///
/// ```swift
/// let kept = filterStage(2)  // true
/// ```
///
/// - Parameter value: The value.
/// - Returns: Whether the value is even.
@inline(__always) public func filterStage(_ value: Int) -> Bool { value & 1 == 0 }

/// The scan stage of every pipeline variant: a running sum.
///
/// ```swift
/// let total = scanStage(3, 4)  // 7
/// ```
///
/// - Parameters:
///   - sum: The sum so far.
///   - value: The next value.
/// - Returns: The new sum, wrapping.
@inline(__always) public func scanStage(_ sum: Int, _ value: Int) -> Int { sum &+ value }
