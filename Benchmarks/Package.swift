// swift-tools-version: 6.1
import Foundation
import PackageDescription

// A path dependency's identity is the name of its folder, which depends on where the repository was cloned.
let libraryIdentity = URL(fileURLWithPath: Context.packageDirectory).deletingLastPathComponent().lastPathComponent

let package = Package(
  name: "AsyncSignalsBenchmarks",
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  dependencies: [
    .package(path: ".."),
    .package(url: "https://github.com/ordo-one/package-benchmark", exact: "1.38.1", traits: ["MallocInterposer"]),
    .package(url: "https://github.com/OpenCombine/OpenCombine", exact: "0.14.0"),
    .package(url: "https://github.com/apple/swift-async-algorithms", exact: "1.1.4"),
  ],
  targets: [
    .executableTarget(
      name: "SignalBenchmarks",
      dependencies: [
        "AsyncScenarios",
        .product(name: "AsyncSignals", package: libraryIdentity),
        .product(name: "Benchmark", package: "package-benchmark"),
        .product(name: "OpenCombine", package: "OpenCombine"),
        .product(name: "AsyncAlgorithms", package: "swift-async-algorithms"),
      ],
      path: "Benchmarks/SignalBenchmarks",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]
    ),
    // The `for await` workloads, shared by the harness and the standalone program.
    .target(
      name: "AsyncScenarios",
      dependencies: [
        .product(name: "AsyncSignals", package: libraryIdentity),
        .product(name: "AsyncAlgorithms", package: "swift-async-algorithms"),
      ],
      path: "Benchmarks/AsyncScenarios"
    ),
    // Times the `for await` workloads on the default executor, outside the harness. Not in a folder directly
    // under `Benchmarks/`, so the benchmark plugin does not take it for a benchmark target.
    .executableTarget(
      name: "AsyncStandalone",
      dependencies: ["AsyncScenarios"],
      path: "Benchmarks/Standalone/AsyncStandalone"
    ),
  ],
  swiftLanguageModes: [.v6]
)
