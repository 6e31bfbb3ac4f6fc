// swift-tools-version: 6.1
import PackageDescription

// Layers, each depending only on those above it:
//
//   Instrumentation            the lock both stores use, thread-local lock tallies, the clock
//   ModelGraph                 the domain: models, partial payloads, JSON, the seeded generator
//   StoreInterface             the ModelStore protocol and the parts every store shares
//   Uniquing | Snapshots       design A and design B; neither knows the other
//
//   CJemalloc, BenchMetrics    measuring: allocations (jemalloc), latency, contention, statistics
//
// The stores know nothing of how they are measured, and the measuring knows
// nothing of the stores.
/// Release builds specialize generic code across modules: the driver is
/// generic over `ModelStore`, and without this it would call every store
/// through witness tables and copy handles through value witnesses, which
/// measured 33 ns per operation instead of an inlined specialization. Both
/// stores get the same treatment.
let specializedAcrossModules: [SwiftSetting] = [
    .unsafeFlags(["-cross-module-optimization"], .when(configuration: .release)),
]

let package = Package(
    name: "ModelStoreBench",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "BenchMetrics", targets: ["BenchMetrics"]),
        .library(name: "Instrumentation", targets: ["Instrumentation"]),
        .library(name: "ModelGraph", targets: ["ModelGraph"]),
        .library(name: "StoreInterface", targets: ["StoreInterface"]),
        .library(name: "Uniquing", targets: ["Uniquing"]),
        .library(name: "Snapshots", targets: ["Snapshots"]),
    ],
    dependencies: [
        .package(url: "https://github.com/HdrHistogram/hdrhistogram-swift", from: "0.2.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        .target(name: "CThreadSlot"),
        .systemLibrary(
            name: "CJemalloc",
            pkgConfig: "jemalloc",
            providers: [.apt(["libjemalloc-dev"])]
        ),
        .target(name: "COperatorNew"),
        .target(name: "CSanitizerDefaults"),
        .target(
            name: "BenchMetrics",
            dependencies: [
                "CJemalloc", "COperatorNew", "CSanitizerDefaults", "Instrumentation",
                .product(name: "Histogram", package: "hdrhistogram-swift"),
            ],
            swiftSettings: specializedAcrossModules
        ),
        .target(name: "Instrumentation", dependencies: ["CThreadSlot"], swiftSettings: specializedAcrossModules),
        .target(name: "ModelGraph", swiftSettings: specializedAcrossModules),
        .target(
            name: "StoreInterface", dependencies: ["ModelGraph", "Instrumentation"], swiftSettings: specializedAcrossModules),
        .target(
            name: "Uniquing", dependencies: ["StoreInterface", "ModelGraph", "Instrumentation"],
            swiftSettings: specializedAcrossModules),
        .target(
            name: "Snapshots", dependencies: ["StoreInterface", "ModelGraph", "Instrumentation"],
            swiftSettings: specializedAcrossModules),
        .target(name: "BenchResults", dependencies: ["BenchMetrics"], swiftSettings: specializedAcrossModules),
        .target(
            name: "BenchDriver",
            dependencies: ["BenchMetrics", "BenchResults", "StoreInterface", "ModelGraph", "Instrumentation"],
            swiftSettings: specializedAcrossModules
        ),
        .target(name: "BenchReport", dependencies: ["BenchResults", "BenchMetrics"], swiftSettings: specializedAcrossModules),
        .target(name: "RegressionGate", dependencies: ["BenchResults", "BenchMetrics"], swiftSettings: specializedAcrossModules),
        .target(
            name: "BenchCLI",
            dependencies: [
                "BenchDriver", "BenchReport", "BenchResults", "BenchMetrics", "RegressionGate", "Uniquing", "Snapshots",
                "StoreInterface",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: specializedAcrossModules
        ),
        .executableTarget(name: "bench", dependencies: ["BenchCLI"]),
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "ModelGraphTests", dependencies: ["ModelGraph"]),
        .testTarget(
            name: "BenchDriverTests",
            dependencies: ["BenchDriver", "BenchResults", "BenchReport", "BenchMetrics", "Uniquing", "Snapshots", "StoreInterface"]
        ),
        .testTarget(name: "BenchCLITests", dependencies: ["BenchResults", "bench"]),
        .testTarget(name: "RegressionGateTests", dependencies: ["RegressionGate", "BenchResults", "BenchMetrics"]),
        .testTarget(name: "BenchMetricsTests", dependencies: ["BenchMetrics", "Instrumentation", "TestSupport"]),
        .testTarget(
            name: "StoreTests",
            dependencies: ["StoreInterface", "ModelGraph", "Uniquing", "Snapshots", "Instrumentation", "BenchMetrics", "TestSupport"]
        ),
    ]
)
