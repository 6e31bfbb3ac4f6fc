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

/// Release builds inline and specialize code across modules (the flag above,
/// and `@inlinable`), so a module's object code carries bodies from every
/// module it imports, directly or through others. SwiftPM recompiles a module
/// only when a module it names as a dependency changes, and the compiler leaves
/// a .swiftmodule untouched when its contents are unchanged: a change to a
/// function in StoreSupport recompiled the stores and StoreCatalog, whose own
/// module came out the same, and never reached BenchCLI, whose specialized
/// driver kept StoreSupport's old code. So each target here names every module
/// of this package it depends on, directly or not: a changed body anywhere
/// recompiles every module that may have inlined it.
func withInlinedDependencies(_ targets: [Target]) -> [Target] {
    for target in targets {
        let named = Set(target.dependencies.compactMap(\.localName))
        let missing = libraryDependencies(of: target.name, in: targets).filter { !named.contains($0) }
        target.dependencies += missing.map { .target(name: $0) }
    }
    return targets
}

/// The library targets of this package that `name` depends on, directly or
/// not, in a stable order (executables and tests are not followed).
func libraryDependencies(of name: String, in targets: [Target]) -> [String] {
    let byName = Dictionary(uniqueKeysWithValues: targets.map { ($0.name, $0) })
    var found: [String] = []
    var pending = byName[name]?.dependencies.compactMap(\.localName) ?? []
    while let next = pending.popLast() {
        guard !found.contains(next), let target = byName[next], target.type == .regular || target.type == .system
        else { continue }
        found.append(next)
        pending += target.dependencies.compactMap(\.localName)
    }
    return found.sorted()
}

extension Target.Dependency {
    /// The target this names in this package; nil for another package's product.
    var localName: String? {
        switch self {
        case .targetItem(let name, _), .byNameItem(let name, _): name
        default: nil
        }
    }
}

let targets: [Target] = withInlinedDependencies(storeTargets + [
    .target(name: "CThreadSlot"),
    .target(name: "CCallgrind"),
    .systemLibrary(
        name: "CJemalloc",
        pkgConfig: "jemalloc",
        providers: [.apt(["libjemalloc-dev"])]
    ),
    .target(name: "COperatorNew"),
    .target(name: "CSanitizerDefaults"),
    .target(name: "BenchStatistics", swiftSettings: specializedAcrossModules),
    .target(
        name: "BenchMetrics",
        dependencies: [
            "BenchStatistics", "CJemalloc", "CCallgrind", "COperatorNew", "CSanitizerDefaults", "Instrumentation",
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
    .target(name: "BenchResults", dependencies: ["BenchStatistics"], swiftSettings: specializedAcrossModules),
    .target(
        name: "BenchDriver",
        dependencies: ["BenchMetrics", "BenchResults", "StoreInterface", "ModelGraph", "Instrumentation"],
        swiftSettings: specializedAcrossModules
    ),
    .target(name: "BenchReport", dependencies: ["BenchResults", "BenchStatistics"], swiftSettings: specializedAcrossModules),
    .target(name: "RegressionGate", dependencies: ["BenchResults", "BenchStatistics"], swiftSettings: specializedAcrossModules),
    .target(
        name: "BenchApp",
        dependencies: ["BenchDriver", "BenchReport", "BenchResults", "BenchMetrics", "RegressionGate", "StoreCatalog"],
        swiftSettings: specializedAcrossModules
    ),
    .target(
        name: "BenchCLI",
        dependencies: ["BenchApp", .product(name: "ArgumentParser", package: "swift-argument-parser")],
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
    .testTarget(name: "BenchAppTests", dependencies: ["BenchApp"]),
    .testTarget(name: "RegressionGateTests", dependencies: ["RegressionGate", "BenchResults", "BenchMetrics"]),
    .testTarget(name: "BenchMetricsTests", dependencies: ["BenchMetrics", "Instrumentation", "TestSupport"]),
    .testTarget(
        name: "StoreTests",
        dependencies: ["StoreInterface", "StoreSupport", "StoreCatalog", "ModelGraph", "Instrumentation", "BenchMetrics",
                       "TestSupport"] + storeModules.map { .target(name: $0) }
    ),
])

let package = Package(
    name: "ModelStoreBench",
    platforms: [.macOS(.v15)],
    // Benchmarks/ builds on these; each carries every module it may inline
    // from, for the reason `withInlinedDependencies` gives.
    products: ["ModelGraph", "StoreInterface", "StoreCatalog"].map { name in
        .library(
            name: name,
            targets: [name] + libraryDependencies(of: name, in: targets).filter { dependency in
                targets.first { $0.name == dependency }?.type == .regular  // a product holds no system library
            })
    },
    dependencies: [
        .package(url: "https://github.com/HdrHistogram/hdrhistogram-swift", from: "0.2.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: targets
)
