// swift-tools-version: 6.1
import Foundation
import PackageDescription

// Layers, each depending only on those above it:
//
//   Instrumentation            the lock every store uses, thread-local lock tallies, the clock
//   ModelGraph                 the domain: models, partial payloads, JSON, the seeded generator
//   StoreInterface             what the driver sees: the ModelStore protocol, its handles,
//                              threading contract and main queue
//   StoreSupport               what only stores see: the shared write pipeline, normalized
//                              records, cascade planning, observation, weak tables
//   Stores/*                   one module per design (uniquing-main's with its Observation
//                              variant); none knows another
//   StoreCatalog               the one list of stores, for the CLI, the tests and Benchmarks/
//
//   CJemalloc, CCallgrind, BenchMetrics    measuring: allocations, instructions (under
//                                          Valgrind), latency, contention, statistics
//   BenchResults, BenchDriver, BenchReport, RegressionGate, BenchCLI, bench
//
// The stores know nothing of how they are measured, and the measuring knows
// nothing of any particular store.

/// Release builds specialize generic code across modules: the driver is
/// generic over `ModelStore`, and without this it would call every store
/// through witness tables and copy handles through value witnesses, which
/// measured 33 ns per operation instead of an inlined specialization. Every
/// store gets the same treatment.
let specializedAcrossModules: [SwiftSetting] = [
    .unsafeFlags(["-cross-module-optimization"], .when(configuration: .release)),
]

/// Every folder under Sources/Stores is a store: a module of its own, built on
/// the store interface and the shared support. Adding a store is a folder here
/// and one line in `StoreCatalog`; the CLI, the tests and Benchmarks/ read
/// that list.
let storeModules: [String] = {
    let folder = Context.packageDirectory + "/Sources/Stores"
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    return names.filter { !$0.hasPrefix(".") }.sorted()
}()

let storeTargets: [Target] = storeModules.map { name in
    .target(
        name: name,
        dependencies: ["StoreInterface", "StoreSupport", "ModelGraph", "Instrumentation"],
        path: "Sources/Stores/\(name)",
        swiftSettings: specializedAcrossModules)
}

let package = Package(
    name: "ModelStoreBench",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "BenchMetrics", targets: ["BenchMetrics"]),
        .library(name: "Instrumentation", targets: ["Instrumentation"]),
        .library(name: "ModelGraph", targets: ["ModelGraph"]),
        .library(name: "StoreInterface", targets: ["StoreInterface"]),
        .library(name: "StoreCatalog", targets: ["StoreCatalog"]),
    ],
    dependencies: [
        .package(url: "https://github.com/HdrHistogram/hdrhistogram-swift", from: "0.2.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: storeTargets + [
        .target(name: "CThreadSlot"),
        .target(name: "CCallgrind"),
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
                "CJemalloc", "CCallgrind", "COperatorNew", "CSanitizerDefaults", "Instrumentation",
                .product(name: "Histogram", package: "hdrhistogram-swift"),
            ],
            swiftSettings: specializedAcrossModules
        ),
        .target(name: "Instrumentation", dependencies: ["CThreadSlot"], swiftSettings: specializedAcrossModules),
        .target(name: "ModelGraph", swiftSettings: specializedAcrossModules),
        .target(
            name: "StoreInterface", dependencies: ["ModelGraph", "Instrumentation"], swiftSettings: specializedAcrossModules),
        .target(
            name: "StoreSupport", dependencies: ["StoreInterface", "ModelGraph", "Instrumentation"],
            swiftSettings: specializedAcrossModules),
        .target(
            name: "StoreCatalog", dependencies: ["StoreInterface"] + storeModules.map { .target(name: $0) },
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
                "BenchDriver", "BenchReport", "BenchResults", "BenchMetrics", "RegressionGate", "StoreCatalog",
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
            dependencies: ["BenchDriver", "BenchResults", "BenchReport", "BenchMetrics", "StoreCatalog", "StoreInterface"]
        ),
        .testTarget(name: "BenchCLITests", dependencies: ["BenchResults", "StoreCatalog", "bench"]),
        .testTarget(name: "RegressionGateTests", dependencies: ["RegressionGate", "BenchResults", "BenchMetrics"]),
        .testTarget(name: "BenchMetricsTests", dependencies: ["BenchMetrics", "Instrumentation", "TestSupport"]),
        .testTarget(
            name: "StoreTests",
            dependencies: ["StoreInterface", "StoreSupport", "StoreCatalog", "ModelGraph", "Instrumentation", "BenchMetrics",
                           "TestSupport"] + storeModules.map { .target(name: $0) }
        ),
    ]
)
