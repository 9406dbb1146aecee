// swift-tools-version:6.0
import PackageDescription

/// A package of its own that uses Starboard the way any team would: its components in a library
/// (so the app, the previews and the tests can all import them), one previews executable whose
/// main.swift is one call, and a test target that checks every variant against golden SVGs.
let package = Package(
    name: "TagKit",
    dependencies: [
        // A team would write `.package(url: "…/Starboard.git", from: "0.1.0")`.
        .package(name: "Starboard", path: "../.."),
    ],
    targets: [
        .target(
            name: "TagKit",
            dependencies: [
                .product(name: "StarboardUI", package: "Starboard"),
                .product(name: "StarboardInspector", package: "Starboard"),
            ]
        ),
        .executableTarget(
            name: "TagKitPreviews",
            dependencies: ["TagKit", .product(name: "StarboardKit", package: "Starboard")]
        ),
        .testTarget(
            name: "TagKitTests",
            dependencies: ["TagKit", .product(name: "StarboardTesting", package: "Starboard")],
            exclude: ["__Snapshots__"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
