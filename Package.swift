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
    ],
    targets: [
        .target(name: "CThreadSlot"),
        .systemLibrary(
            name: "CJemalloc",
            pkgConfig: "jemalloc",
            providers: [.apt(["libjemalloc-dev"])]
        ),
        .target(name: "COperatorNew"),
        .target(
            name: "BenchMetrics",
            dependencies: [
                "CJemalloc", "COperatorNew", "Instrumentation",
                .product(name: "Histogram", package: "hdrhistogram-swift"),
            ]
        ),
        .target(name: "Instrumentation", dependencies: ["CThreadSlot"]),
        .target(name: "ModelGraph"),
        .target(name: "StoreInterface", dependencies: ["ModelGraph", "Instrumentation"]),
        .target(name: "Uniquing", dependencies: ["StoreInterface", "ModelGraph", "Instrumentation"]),
        .target(name: "Snapshots", dependencies: ["StoreInterface", "ModelGraph", "Instrumentation"]),
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "ModelGraphTests", dependencies: ["ModelGraph"]),
        .testTarget(name: "BenchMetricsTests", dependencies: ["BenchMetrics", "Instrumentation", "TestSupport"]),
        .testTarget(
            name: "StoreTests",
            dependencies: ["StoreInterface", "ModelGraph", "Uniquing", "Snapshots", "Instrumentation", "TestSupport"]
        ),
    ]
)
