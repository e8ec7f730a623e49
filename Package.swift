// swift-tools-version: 6.1
import PackageDescription

let package = Package(
  name: "AsyncSignals",
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  products: [
    .library(name: "AsyncSignals", targets: ["AsyncSignals"]),
    .library(name: "LegacyBridge", targets: ["LegacyBridge"]),
    .library(name: "AsyncSignalsTesting", targets: ["AsyncSignalsTesting"]),
    .executable(name: "AsyncSignalsDemo", targets: ["AsyncSignalsDemo"]),
  ],
  targets: [
    .target(name: "AsyncSignals", dependencies: ["CAsyncSignalsIsolation"]),
    .target(name: "CAsyncSignalsIsolation"),
    .target(name: "LegacyBridge", dependencies: ["AsyncSignals"]),
    .target(name: "AsyncSignalsTesting", dependencies: ["AsyncSignals"]),
    .executableTarget(name: "AsyncSignalsDemo", dependencies: ["DemoSections"]),
    .target(
      name: "DemoSections",
      dependencies: ["AsyncSignals", "AsyncSignalsTesting", "LegacyBridge", "LocalServer"]
    ),
    .target(name: "LocalServer", dependencies: ["AsyncSignals", "AsyncSignalsTesting"]),
    // `swift run MarbleDiagrams [--check]`: draws the operators' marble diagrams for the docs (not a product).
    .executableTarget(name: "MarbleDiagrams", dependencies: ["AsyncSignals", "AsyncSignalsTesting"]),
    .target(name: "TestSupport", dependencies: ["AsyncSignals", "AsyncSignalsTesting"], path: "Tests/TestSupport"),
    .testTarget(
      name: "AsyncSignalsTests",
      dependencies: ["AsyncSignals", "AsyncSignalsTesting", "TestSupport"],
      exclude: ["Internal/SerialDelivery/Checker/README.md"]
    ),
    .testTarget(
      name: "LegacyBridgeTests",
      dependencies: ["LegacyBridge", "AsyncSignals", "AsyncSignalsTesting", "LocalServer", "TestSupport"]
    ),
    .testTarget(name: "AsyncSignalsDemoTests", dependencies: ["DemoSections"]),
    // Code as a new Xcode 26 app target writes it: on the main actor unless it says otherwise, with the two
    // upcoming features such a target turns on (Docs/Apps.md, "In an Xcode 26 app target").
    .testTarget(
      name: "AppTargetTests",
      dependencies: ["AsyncSignals", "AsyncSignalsTesting", "LegacyBridge"],
      swiftSettings: [
        .unsafeFlags(["-default-isolation", "MainActor"]),
        .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
        .enableUpcomingFeature("InferIsolatedConformances"),
      ]
    ),
    .testTarget(
      name: "AsyncSignalsStressTests",
      dependencies: ["AsyncSignals", "AsyncSignalsTesting", "TestSupport"]
    ),
  ],
  swiftLanguageModes: [.v6]
)

// The documentation plugin is only for building the docs (`.ci/run`, README): library users never fetch it.
if Context.environment["ASYNCSIGNALS_DOCC"] != nil {
  package.dependencies.append(.package(url: "https://github.com/swiftlang/swift-docc-plugin", exact: "1.5.0"))
}
