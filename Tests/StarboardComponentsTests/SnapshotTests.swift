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

    static var environmentCases: [(String, String)] {
        registry.components.flatMap { component in component.environments.map { (component.name, $0.name) } }
    }

    /// The defaults in each environment a component declares (dark, an accessibility text size,
    /// right to left for the shipped ones).
    @Test(arguments: environmentCases)
    func matchesGoldenSVGInItsEnvironments(component name: String, environment: String) throws {
        let component = try #require(Self.registry.component(named: name))
        let declared = try #require(component.environments.first { $0.name == environment })
        let svg = try component.render(component.defaults, environment: declared.values).rendering.svg
        #expect(XMLParser(data: Data(svg.utf8)).parse())
        Snapshot.assert(svg, suite: "ComponentSnapshotTests", named: "\(name)-default-\(environment)")
    }

    @Test func shippedComponentsPassTheirAuditInEveryEnvironment() throws {
        for component in Self.registry.components {
            for environment in RenderEnvironment.auditMatrix + component.environments {
                for values in [component.defaults] + component.variants.map(\.values) {
                    let findings = try component.render(values, environment: environment.values, audit: true).rendering.audit
                    #expect(findings.isEmpty, "\(component.name) in \(environment.name): \(findings.map(\.message))")
                }
            }
        }
    }

    @Test func everyComponentRendersDeterministically() throws {
        for component in Self.registry.components {
            let first = try component.render(component.defaults).rendering.svg
            let second = try component.render(component.defaults).rendering.svg
            #expect(first == second, "\(component.name) renders differently twice")
        }
    }
}
