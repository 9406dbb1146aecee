import Foundation
import Testing
#if canImport(FoundationXML)
import FoundationXML
#endif
@testable import StarboardComponents
import StarboardInspector

/// The control screens (registered with `STARBOARD_SCREENS=1`): every variant, and the defaults on
/// the standard device in light and dark, against their golden SVGs.
@Suite("Control screens")
struct ControlScreensTests {
    static let registry = try! Registry(controlScreens)

    static var cases: [(String, String?)] {
        registry.components.flatMap { component in
            [(component.name, nil)] + component.variants.map { (component.name, $0.name) }
        }
    }

    @Test(arguments: cases)
    func matchesGoldenSVG(component name: String, variant: String?) throws {
        let component = try #require(Self.registry.component(named: name))
        let result = try variant.map { try component.renderVariant(named: $0) } ?? component.render(component.defaults)
        let svg = result.rendering.svg
        #expect(XMLParser(data: Data(svg.utf8)).parse())
        Snapshot.assert(svg, suite: "ComponentSnapshotTests", named: "\(name)-\(variant ?? "default")")
    }

    static var environmentCases: [(String, String)] {
        registry.components.flatMap { component in component.environments.map { (component.name, $0.name) } }
    }

    @Test(arguments: environmentCases)
    func matchesGoldenSVGOnTheDevice(component name: String, environment: String) throws {
        let component = try #require(Self.registry.component(named: name))
        let declared = try #require(component.environments.first { $0.name == environment })
        let svg = try component.render(component.defaults, environment: declared.values).rendering.svg
        #expect(XMLParser(data: Data(svg.utf8)).parse())
        Snapshot.assert(svg, suite: "ComponentSnapshotTests", named: "\(name)-default-\(environment)")
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
