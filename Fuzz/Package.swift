// swift-tools-version: 6.1
import PackageDescription

// Coverage-guided fuzzing (libFuzzer, from the toolchain) of every file bench
// reads: results and their reports, baselines and the gate, pooling, and the
// payload JSON merged into every store. A separate package (as Benchmarks/),
// built with -sanitize=fuzzer,address into its own scratch path, so no other
// build carries the instrumentation. scripts/fuzz builds and runs it:
//
//   scripts/fuzz                       # every target for 45 s (CI: 30 s each)
//   scripts/fuzz --seconds 600 merge   # one target for ten minutes
let package = Package(
    name: "ModelStoreFuzz",
    dependencies: [
        .package(name: "ModelStoreBench", path: "../")
    ],
    targets: [
        .executableTarget(
            name: "FuzzInputs",
            dependencies: [
                .product(name: "BenchApp", package: "ModelStoreBench"),
                .product(name: "StoreCatalog", package: "ModelStoreBench"),
            ],
            path: "Sources/FuzzInputs",
            // libFuzzer's driver is the entry point (FuzzerEntry.swift), not top-level code.
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        )
    ]
)
