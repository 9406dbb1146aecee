// swift-tools-version:6.0
import PackageDescription

/// A package of its own that uses Starboard the way any team would: its components in a library
/// (so the app, the previews and the tests can all import them), one previews executable whose
/// main.swift is one call, and a test target that checks every variant against golden SVGs. A
/// second executable shows an app's plain views from their previews alone.
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
        // An app's plain views with their #Preview blocks and PreviewProviders, and no component:
        // `Starboard.main(components: [])` shows every preview.
        .executableTarget(
            name: "LandmarksPreviews",
            dependencies: [
                .product(name: "StarboardUI", package: "Starboard"),
                .product(name: "StarboardKit", package: "Starboard"),
            ]
        ),
        .testTarget(
            name: "TagKitTests",
            dependencies: ["TagKit", .product(name: "StarboardTesting", package: "Starboard")],
            exclude: ["__Snapshots__"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
