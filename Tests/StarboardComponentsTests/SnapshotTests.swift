import Foundation
import Testing
#if canImport(FoundationXML)
import FoundationXML
#endif
@testable import StarboardComponents
import StarboardInspector

/// Every variant (and the default) of every registered component, against its golden SVG.
@Suite("Component snapshots")
struct ComponentSnapshotTests {
    static let registry = try! makeRegistry()

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
        #expect(XMLParser(data: Data(svg.utf8)).parse(), "\(name) \(variant ?? "default") is not well-formed XML")
        Snapshot.assert(svg, suite: "ComponentSnapshotTests", named: "\(name)-\(variant ?? "default")")
    }

    @Test func everyComponentRendersDeterministically() throws {
        for component in Self.registry.components {
            let first = try component.render(component.defaults).rendering.svg
            let second = try component.render(component.defaults).rendering.svg
            #expect(first == second, "\(component.name) renders differently twice")
        }
    }
}
