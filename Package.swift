// swift-tools-version:6.0
import Foundation
import CompilerPluginSupport
import PackageDescription

/// Cross-module optimization speeds the render path by 3–7 % in release builds, but SwiftPM refuses
/// any product with unsafe flags as a versioned dependency. So it is opt-in, for the bench:
/// `STARBOARD_CMO=1 swift build -c release`.
let crossModuleOptimization: [SwiftSetting] =
    ProcessInfo.processInfo.environment["STARBOARD_CMO"] == "1"
        ? [.unsafeFlags(["-cross-module-optimization"], .when(configuration: .release))]
        : []

/// Layers, bottom to top: the pure render core (StarboardUI), the inspector and registry
/// (StarboardInspector), the example components, the live server (the only code that touches
/// libwebsockets) and a thin CLI. Every target name starts with Starboard, so none can clash with
/// a target of a package that depends on this one.
let package = Package(
    name: "Starboard",
    products: [
        .executable(name: "starboard", targets: ["starboard"]),
        // The bench, its echo server and websocket client, and the malloc counter: not in `starboard`.
        .executable(name: "starboard-bench", targets: ["starboard-bench"]),
        // For your own package: `Starboard.main(components:)` in an executable target.
        .library(name: "StarboardKit", targets: ["StarboardKit"]),
        // For your test target: `assertSnapshots(of:)` checks every variant against golden SVGs.
        .library(name: "StarboardTesting", targets: ["StarboardTesting"]),
        .library(name: "StarboardUI", targets: ["StarboardUI"]),
        .library(name: "StarboardInspector", targets: ["StarboardInspector"]),
    ],
    targets: [
        .systemLibrary(
            name: "CStarboardFreeType",
            pkgConfig: "freetype2",
            providers: [.apt(["libfreetype-dev"])]
        ),
        // Text is shaped as browsers shape it (kerning, ligatures, joined Arabic), characters no
        // shipped face has are found through fontconfig, and bidirectional text is ordered by
        // FriBiDi's levels.
        .systemLibrary(
            name: "CStarboardHarfBuzz",
            pkgConfig: "harfbuzz",
            providers: [.apt(["libharfbuzz-dev"])]
        ),
        .systemLibrary(
            name: "CStarboardFontconfig",
            pkgConfig: "fontconfig",
            providers: [.apt(["libfontconfig-dev"])]
        ),
        .systemLibrary(
            name: "CStarboardFriBidi",
            pkgConfig: "fribidi",
            providers: [.apt(["libfribidi-dev"])]
        ),
        // permessage-deflate: the server compresses each message once for every client that
        // negotiated it; the bench's browser-like clients compress and inflate as browsers do.
        .systemLibrary(
            name: "CStarboardZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        .systemLibrary(
            name: "CStarboardWebSockets",
            pkgConfig: "libwebsockets",
            providers: [.apt(["libwebsockets-dev"])]
        ),
        // Starting children and the few glibc calls Swift cannot make itself, and the one Swift
        // layer over system calls and child processes that every other target uses.
        .target(name: "CStarboardSystem"),
        .target(name: "StarboardSystem", dependencies: ["CStarboardSystem", "StarboardLocking"]),
        // Counts the bench's render allocations; glibc only, so Linux only.
        .target(name: "CStarboardAllocationCounter"),
        // Pins the bench's client and servers to cores, so the floor and the server are compared alike.
        .target(name: "CStarboardPlacement"),
        // The lock every layer shares values with: a pthread mutex, which ThreadSanitizer sees.
        .target(name: "StarboardLocking"),
        // `#Preview`'s compiler plugin: it speaks the plugin protocol itself, with Foundation
        // only, as swift-syntax cannot be fetched here.
        .macro(name: "StarboardPreviewMacros"),
        // Whole-module bodies visible to the modules above (when opted in), so generic views,
        // modifiers and property wrappers are specialized in component code instead of running
        // through witness tables and runtime metadata on every render.
        .target(name: "StarboardUI", dependencies: ["StarboardPreviewMacros", "CStarboardFreeType", "CStarboardHarfBuzz", "CStarboardFontconfig", "CStarboardFriBidi", "StarboardLocking"], swiftSettings: crossModuleOptimization),
        .target(name: "StarboardInspector", dependencies: ["StarboardUI", "StarboardLocking", "StarboardSystem"], swiftSettings: crossModuleOptimization),
        // Its asset catalogue and image files are the previews' `Image("name")` and `Color("name")`.
        .target(name: "StarboardComponents", dependencies: ["StarboardUI", "StarboardInspector"], path: "Components", resources: [.process("Resources")]),
        .target(name: "StarboardServer", dependencies: ["CStarboardWebSockets", "CStarboardZlib", "CStarboardSystem", "StarboardSystem", "StarboardLocking", "StarboardUI", "StarboardInspector"]),
        .target(
            name: "StarboardBench",
            dependencies: [
                "StarboardUI", "StarboardInspector", "StarboardComponents", "StarboardServer", "StarboardCommands",
                "CStarboardAllocationCounter", "CStarboardPlacement", "CStarboardZlib", "CStarboardSystem", "StarboardSystem", "StarboardLocking",
            ]
        ),
        .target(
            name: "StarboardCommands",
            dependencies: ["StarboardUI", "StarboardInspector", "StarboardServer", "StarboardSystem"],
            // The inspector page, served by `serve` and bundled by `export`; `Web` at the top of
            // the repository is a link to it.
            resources: [.copy("Web")]
        ),
        // The entry point a consumer's executable calls with its own components.
        .target(name: "StarboardKit", dependencies: ["StarboardCommands", "StarboardInspector"]),
        // Swift Testing's side of `starboard snapshot --check`, for a consumer's test target.
        .target(name: "StarboardTesting", dependencies: ["StarboardCommands", "StarboardInspector"]),
        // Starboard's own previews: a consumer of StarboardKit with the example components.
        .executableTarget(name: "starboard", dependencies: ["StarboardKit", "StarboardComponents"]),
        .executableTarget(name: "starboard-bench", dependencies: ["StarboardBench", "StarboardComponents"]),
        // Fixtures/ holds image and colour sets the asset tests read from the source tree.
        .testTarget(name: "StarboardUITests", dependencies: ["StarboardUI"], exclude: ["Fixtures"]),
        // The plugin run as the compiler runs it, through its pipes.
        .testTarget(name: "StarboardPreviewMacrosTests", dependencies: ["StarboardPreviewMacros"]),
        // Views written as for SwiftUI (only their import differs), rendered to golden SVGs.
        .testTarget(name: "StarboardSwiftUITests", dependencies: ["StarboardUI", "StarboardTesting"], exclude: ["__Snapshots__"]),
        .testTarget(name: "StarboardInspectorTests", dependencies: ["StarboardInspector", "StarboardUI", "StarboardSystem"]),
        .testTarget(
            name: "StarboardComponentsTests",
            dependencies: ["StarboardComponents", "StarboardInspector", "StarboardUI", "StarboardTesting"],
            exclude: ["__Snapshots__"]
        ),
        .testTarget(
            name: "StarboardServerTests",
            dependencies: ["StarboardServer", "StarboardComponents", "StarboardInspector", "StarboardSystem", "StarboardLocking", "CStarboardZlib"]
        ),
        .testTarget(name: "StarboardCommandsTests", dependencies: ["StarboardCommands", "StarboardComponents", "StarboardSystem"]),
        .testTarget(name: "StarboardBenchTests", dependencies: ["StarboardBench"]),
        .testTarget(name: "StarboardSystemTests", dependencies: ["StarboardSystem", "StarboardLocking"]),
    ],
    swiftLanguageModes: [.v6]
)
