// swift-tools-version: 6.1
import PackageDescription

// Layers, each depending only on those above it:
//
//   Instrumentation            the lock every store uses, thread-local lock tallies, the clocks
//   ModelGraph                 the domain: models, partial payloads, JSON, the seeded generator
//   StoreInterface             what the driver sees: the ModelStore protocol, its handles, its
//                              floor (StoreFloor), threading contract and main queue
//   StoreSupport               what only stores see: the shared write pipeline, normalized
//                              records, cascade planning, observation, weak tables
//   Stores/*                   one module per design, each with its floor; none knows another
//   StoreCatalog               the one list of stores, for the app, the tests and Benchmarks/
//
//   BenchStatistics            pure: summaries, comparisons, provenance records
//   CJemalloc, CCallgrind, BenchMetrics    probes: allocations, instructions (under Valgrind),
//                                          latency, contention, and collecting provenance
//   BenchResults               the results file: metric ids and descriptors, rankings, claims as data
//   BenchDriver                scenarios (each owning its metric ids), claims, harness, runner
//   BenchReport, RegressionGate            what is read from results: reports, the gate
//   BenchApp                   runs a benchmark: plan, run, instruction pass, files, gate
//   BenchCLI, bench            the command line: options in, exit statuses out
//
// The stores know nothing of how they are measured, and the measuring knows
// nothing of any particular store. What another module uses is public, not
// package: with the measuring modules on package access the cross-module
// optimization below specialized no store into the driver. On the measured
// paths (the stores and what they are built on, the driver and its probes),
// what only its own module names but generic code specialized in another
// module reaches is @usableFromInline, not internal, which code specialized
// elsewhere cannot inline; what only a module or its tests use is internal
// (docs/CONSTANTS.md, Package.swift access levels and cross-module
// optimization).

/// Release builds specialize generic code across modules: the driver is
/// generic over `ModelStore`, and without this it would call every store
/// through witness tables and copy handles through value witnesses instead
/// of an inlined specialization. Every store gets the same treatment.
let specializedAcrossModules: [SwiftSetting] = [
    .unsafeFlags(["-cross-module-optimization"], .when(configuration: .release))
]

/// The stores, one module each in `Sources/Stores/<module>`, each built on
/// the store interface and the shared support, plus the packages that store
/// alone needs. Adding a store is a line here and one in `StoreCatalog`; the
/// CLI, the tests and Benchmarks/ read the catalog.
let stores: [(module: String, packages: [Target.Dependency])] = [
    ("UniquingLocked", []),
    ("UniquingMain", []),
    ("SnapshotEmbedded", []),
    ("SnapshotListened", []),
    ("SnapshotFlat", []),
    ("SnapshotNotified", []),
    ("SnapshotGRDB", [.product(name: "GRDB", package: "GRDB.swift")]),
]

let storeTargets: [Target] = stores.map { store in
    .target(
        name: store.module,
        dependencies: ["StoreInterface", "StoreSupport", "ModelGraph", "Instrumentation"] + store.packages,
        path: "Sources/Stores/\(store.module)",
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

let targets: [Target] = withInlinedDependencies(
    storeTargets + [
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
        .target(name: "StoreTaxonomy", swiftSettings: specializedAcrossModules),
        .target(
            name: "StoreInterface", dependencies: ["ModelGraph", "Instrumentation", "StoreTaxonomy"],
            swiftSettings: specializedAcrossModules),
        .target(
            name: "StoreSupport", dependencies: ["StoreInterface", "ModelGraph", "Instrumentation"],
            swiftSettings: specializedAcrossModules),
        .target(
            name: "StoreCatalog", dependencies: ["StoreInterface"] + stores.map { .target(name: $0.module) },
            swiftSettings: specializedAcrossModules),
        .target(
            name: "BenchResults", dependencies: ["BenchStatistics", "StoreTaxonomy"],
            swiftSettings: specializedAcrossModules),
        .target(
            name: "BenchDriver",
            dependencies: ["BenchMetrics", "BenchResults", "StoreInterface", "ModelGraph", "Instrumentation"],
            swiftSettings: specializedAcrossModules
        ),
        .target(
            name: "BenchReport", dependencies: ["BenchResults", "BenchStatistics"],
            swiftSettings: specializedAcrossModules),
        .target(
            name: "RegressionGate", dependencies: ["BenchResults", "BenchStatistics"],
            swiftSettings: specializedAcrossModules),
        .target(
            name: "BenchApp",
            dependencies: [
                "BenchDriver", "BenchReport", "BenchResults", "BenchMetrics", "RegressionGate", "StoreCatalog",
            ],
            swiftSettings: specializedAcrossModules
        ),
        .target(
            name: "BenchCLI",
            dependencies: ["BenchApp", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            swiftSettings: specializedAcrossModules
        ),
        .executableTarget(name: "bench", dependencies: ["BenchCLI"]),
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .target(
            name: "BenchTestSupport", dependencies: ["BenchDriver", "BenchResults", "StoreCatalog"],
            path: "Tests/BenchTestSupport"),
        .target(
            name: "StoreTestSupport", dependencies: ["StoreCatalog", "StoreInterface", "ModelGraph"],
            path: "Tests/StoreTestSupport"),
        .testTarget(name: "InstrumentationTests", dependencies: ["Instrumentation", "TestSupport"]),
        .testTarget(name: "ModelGraphTests", dependencies: ["ModelGraph"]),
        .testTarget(name: "StoreInterfaceTests", dependencies: ["StoreInterface", "TestSupport"]),
        .testTarget(name: "StoreSupportTests", dependencies: ["StoreSupport", "StoreTestSupport"]),
        .testTarget(name: "UniquingLockedTests", dependencies: ["UniquingLocked", "StoreTestSupport", "TestSupport"]),
        .testTarget(name: "UniquingMainTests", dependencies: ["UniquingMain", "StoreTestSupport", "TestSupport"]),
        .testTarget(name: "SnapshotEmbeddedTests", dependencies: ["SnapshotEmbedded", "StoreTestSupport"]),
        .testTarget(
            name: "SnapshotListenedTests", dependencies: ["SnapshotListened", "StoreTestSupport", "TestSupport"]),
        .testTarget(name: "SnapshotFlatTests", dependencies: ["SnapshotFlat", "StoreTestSupport", "TestSupport"]),
        .testTarget(
            name: "SnapshotNotifiedTests",
            dependencies: [
                "SnapshotNotified", "StoreTestSupport", "Instrumentation", "ModelGraph", "StoreInterface",
            ]),
        .testTarget(
            name: "SnapshotGRDBTests",
            dependencies: [
                "SnapshotGRDB", "StoreTestSupport", "TestSupport", .product(name: "GRDB", package: "GRDB.swift"),
            ]),
        .testTarget(
            name: "StoreCatalogTests",
            dependencies: ["StoreCatalog", "StoreTestSupport", "BenchMetrics", "TestSupport"]),
        .testTarget(name: "BenchStatisticsTests", dependencies: ["BenchStatistics"]),
        .testTarget(name: "BenchMetricsTests", dependencies: ["BenchMetrics", "TestSupport"]),
        .testTarget(name: "BenchResultsTests", dependencies: ["BenchResults", "BenchTestSupport"]),
        .testTarget(name: "BenchDriverTests", dependencies: ["BenchDriver", "BenchMetrics", "BenchTestSupport"]),
        .testTarget(name: "BenchReportTests", dependencies: ["BenchReport", "BenchTestSupport"]),
        .testTarget(name: "RegressionGateTests", dependencies: ["RegressionGate", "BenchTestSupport"]),
        .testTarget(
            name: "BenchAppTests", dependencies: ["BenchApp", "BenchDriver", "BenchResults", "BenchTestSupport"]),
        .testTarget(
            name: "BenchCLITests", dependencies: ["BenchResults", "BenchTestSupport", "StoreCatalog", "bench"]),
        .testTarget(name: "RepositoryTests"),
    ])

let package = Package(
    // Linux only: what it needs of Linux is in BenchMetrics' `Platform`,
    // which fails the build elsewhere saying so.
    name: "ModelStoreBench",
    // Benchmarks/ builds on the store products and Fuzz/ on BenchApp; each
    // carries every module it may inline from, for the reason
    // `withInlinedDependencies` gives.
    products: ["ModelGraph", "StoreInterface", "StoreCatalog", "BenchApp"].map { name in
        .library(
            name: name,
            targets: [name]
                + libraryDependencies(of: name, in: targets).filter { dependency in
                    targets.first { $0.name == dependency }?.type == .regular  // a product holds no system library
                })
    },
    dependencies: [
        .package(url: "https://github.com/HdrHistogram/hdrhistogram-swift", from: "0.2.0"),
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: targets
)
