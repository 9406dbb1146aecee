import Foundation
import Testing
#if canImport(FoundationXML)
import FoundationXML
#endif
@testable import StarboardComponents
import StarboardInspector
import StarboardTesting

/// Every variant (and the default) of every registered component, against its golden SVG.
@Suite("Component snapshots")
struct ComponentSnapshotTests {
    static let registry = try! Registry(registeredComponents, previews: false)

    /// Every render of the shipped components (defaults, declared environments, variants)
    /// through `StarboardTesting`'s public `assertSnapshots(of:)`, as a team's own package checks
    /// its components: the goldens are in `__Snapshots__/Components` in the layout `starboard
    /// snapshot --dir` writes, and a changed render names itself with its first differing lines.
    @Test func everyRenderMatchesItsGoldenSVG() {
        assertSnapshots(of: Self.registry, directory: Snapshot.folder.appendingPathComponent("Components").path)
    }

    static var cases: [(String, String?)] {
        registry.components.flatMap { component in
            [(component.name, nil)] + component.variants.map { (component.name, $0.name) }
        }
    }

    @Test(arguments: cases)
    func everyRenderIsWellFormedXML(component name: String, variant: String?) throws {
        let component = try #require(Self.registry.component(named: name))
        let result = try variant.map { try component.renderVariant(named: $0) } ?? component.render(component.defaults)
        #expect(XMLParser(data: Data(result.rendering.svg.utf8)).parse(), "\(name) \(variant ?? "default") is not well-formed XML")
        for environment in component.environments where variant == nil {
            let svg = try component.render(component.defaults, environment: environment.values).rendering.svg
            #expect(XMLParser(data: Data(svg.utf8)).parse(), "\(name) in \(environment.name) is not well-formed XML")
        }
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
