// swift-tools-version: 6.1
import PackageDescription

// Micro-benchmarks of each store's primitive operations and of the primitives
// they are built from, on ordo-one/benchmark: wall clock, mallocs (its
// malloc interposer), and retains and releases (ARCCounter), which the main
// suite cannot count. A separate package (as swift-nio's Benchmarks/), so the
// main package stays light.
//
//   swift package --package-path Benchmarks benchmark
//   swift package --package-path Benchmarks benchmark thresholds check --path Thresholds/6.3
let package = Package(
    name: "ModelStoreBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "ModelStoreBench", path: "../"),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .target(name: "ARCCounter", path: "ARCCounter"),
        .executableTarget(
            name: "StoreBenchmarks",
            dependencies: [
                "ARCCounter",
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "ModelGraph", package: "ModelStoreBench"),
                .product(name: "StoreInterface", package: "ModelStoreBench"),
                .product(name: "StoreCatalog", package: "ModelStoreBench"),
            ],
            path: "Benchmarks/StoreBenchmarks",
            plugins: [
                .plugin(name: "BenchmarkPlugin", package: "benchmark")
            ]
        ),
    ]
)
