// swift-tools-version:6.0
import PackageDescription

/// The render path crosses StarboardUI, Inspector and the components on every change.
let crossModuleOptimization: [SwiftSetting] = [.unsafeFlags(["-cross-module-optimization"], .when(configuration: .release))]

/// Layers, bottom to top: the pure render core (StarboardUI), the inspector and
/// registry (Inspector), the components, the live server (the only code that
/// touches libwebsockets) and a thin CLI.
let package = Package(
    name: "Starboard",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "starboard", targets: ["starboard"]),
        .library(name: "StarboardUI", targets: ["StarboardUI"]),
        .library(name: "Inspector", targets: ["Inspector"]),
    ],
    targets: [
        .systemLibrary(
            name: "CFreeType",
            pkgConfig: "freetype2",
            providers: [.apt(["libfreetype-dev"])]
        ),
        .systemLibrary(
            name: "CLibWebSockets",
            pkgConfig: "libwebsockets",
            providers: [.apt(["libwebsockets-dev"])]
        ),
        // Counts the bench's render allocations; glibc only, so Linux only.
        .target(name: "CAllocationCounter"),
        // Pins the bench's client and servers to cores, so the floor and the server are compared alike.
        .target(name: "CPlacement"),
        // Whole-module bodies visible to the modules above, so generic views, modifiers and
        // property wrappers are specialized in component code instead of running through
        // witness tables and runtime metadata on every render.
        .target(name: "StarboardUI", dependencies: ["CFreeType"], swiftSettings: crossModuleOptimization),
        .target(name: "Inspector", dependencies: ["StarboardUI"], swiftSettings: crossModuleOptimization),
        .target(name: "Components", dependencies: ["StarboardUI", "Inspector"], path: "Components"),
        .target(name: "LiveServer", dependencies: ["CLibWebSockets", "Inspector"]),
        .target(name: "Bench", dependencies: ["StarboardUI", "Inspector", "Components", "LiveServer", "CAllocationCounter", "CPlacement"]),
        .target(name: "StarboardCommands", dependencies: ["StarboardUI", "Inspector", "Components", "LiveServer", "Bench"]),
        .executableTarget(name: "starboard", dependencies: ["StarboardCommands"]),
        .testTarget(name: "StarboardUITests", dependencies: ["StarboardUI"]),
        .testTarget(name: "InspectorTests", dependencies: ["Inspector", "StarboardUI"]),
        .testTarget(
            name: "ComponentsTests",
            dependencies: ["Components", "Inspector", "StarboardUI"],
            exclude: ["__Snapshots__"]
        ),
        .testTarget(name: "LiveServerTests", dependencies: ["LiveServer", "Components", "Inspector"]),
        .testTarget(name: "StarboardCommandsTests", dependencies: ["StarboardCommands"]),
        .testTarget(name: "BenchTests", dependencies: ["Bench"]),
    ],
    swiftLanguageModes: [.v6]
)
