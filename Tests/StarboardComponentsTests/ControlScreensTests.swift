import Foundation
import Testing
#if canImport(FoundationXML)
import FoundationXML
#endif
@testable import StarboardComponents
import StarboardInspector
import StarboardTesting

/// The control screens (registered with `STARBOARD_SCREENS=1`): every variant, and the defaults on
/// the standard device in light and dark, against their golden SVGs.
@Suite("Control screens")
struct ControlScreensTests {
    static let registry = try! Registry(controlScreens, previews: false)

    /// Through `StarboardTesting`, as the shipped components are (ComponentSnapshotTests).
    @Test func everyRenderMatchesItsGoldenSVG() {
        assertSnapshots(of: Self.registry, directory: Snapshot.folder.appendingPathComponent("ControlScreens").path)
    }

    @Test func everyRenderIsWellFormedXML() throws {
        for component in Self.registry.components {
            for values in [component.defaults] + component.variants.map(\.values) {
                #expect(XMLParser(data: Data(try component.render(values).rendering.svg.utf8)).parse(), "\(component.name)")
            }
            for environment in component.environments {
                let svg = try component.render(component.defaults, environment: environment.values).rendering.svg
                #expect(XMLParser(data: Data(svg.utf8)).parse(), "\(component.name) in \(environment.name)")
            }
        }
    }

    @Test func theOutOfBoundsVariantCarriesTheClampNote() throws {
        let component = try #require(Self.registry.component(named: "ControlsGallery"))
        let warnings = try component.renderVariant(named: "Rating out of bounds").rendering.warnings
        #expect(warnings.contains { $0.contains("Stepper \"Rating: 12\": its value 12 is outside 0...10; drawn as 10") })
        // A constant binding is told by a tap on it, not by every render.
        #expect(!warnings.contains { $0.contains("constant") })
    }

    @Test func aTapOnTheLockedStepperSaysItChangesNothing() throws {
        let component = try #require(Self.registry.component(named: "ControlsGallery"))
        let resolution = try component.tap("stepper-2-increment", values: component.defaults)
        #expect(resolution.notes == ["Stepper \"Locked\" is bound to a constant: nothing changed"])
        #expect(resolution.values == (try component.resolve(changes: [:], over: component.defaults)).values)
    }
}
