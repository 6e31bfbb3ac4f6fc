// swift-tools-version: 6.1
import PackageDescription

// Layers, each depending only on those above it:
//
//   Instrumentation            the lock both stores use, thread-local lock tallies, the clock
//   ModelGraph                 the domain: models, partial payloads, JSON, the seeded generator
//   StoreInterface             the ModelStore protocol and the parts every store shares
//   Uniquing | Snapshots       design A and design B; neither knows the other
//
// The stores know nothing of how they are measured.
let package = Package(
    name: "ModelStoreBench",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "ModelGraph", targets: ["ModelGraph"]),
        .library(name: "StoreInterface", targets: ["StoreInterface"]),
        .library(name: "Uniquing", targets: ["Uniquing"]),
        .library(name: "Snapshots", targets: ["Snapshots"]),
    ],
    targets: [
        .target(name: "CThreadSlot"),
        .target(name: "Instrumentation", dependencies: ["CThreadSlot"]),
        .target(name: "ModelGraph"),
        .target(name: "StoreInterface", dependencies: ["ModelGraph", "Instrumentation"]),
        .target(name: "Uniquing", dependencies: ["StoreInterface", "ModelGraph", "Instrumentation"]),
        .target(name: "Snapshots", dependencies: ["StoreInterface", "ModelGraph", "Instrumentation"]),
        .testTarget(name: "ModelGraphTests", dependencies: ["ModelGraph"]),
        .testTarget(
            name: "StoreTests",
            dependencies: ["StoreInterface", "ModelGraph", "Uniquing", "Snapshots", "Instrumentation"]
        ),
    ]
)
