import Foundation
import StarboardInspector

/// The data of a static export: the catalog the server would send, and for every component the
/// render of its defaults and of each declared variant, shaped like the protocol's `render`
/// message (docs/protocol.md) so the page reads familiar fields, and its defaults in each
/// environment the component declares (dark, an accessibility text size, right to left).
///
/// Written as `data.js`, a classic script that sets `window.STARBOARD_EXPORT`: Chromium refuses
/// `fetch()` of a JSON file from `file://`, but runs a classic `<script src>` there.
struct ExportCatalog {
    /// Bumped when the shape of ``json`` changes incompatibly.
    static let format = 1
    static let globalName = "STARBOARD_EXPORT"

    let json: JSONValue
    let componentCount: Int
    let variantCount: Int

    /// Renders every component on `threads` threads (a component's renders on one of them); the
    /// data is the same for any number.
    init(registry: Registry, exported: Date, threads: Int = 1) throws(ExportError) {
        var renders: [(String, JSONValue)] = []
        var variantCount = 0
        let entries = ParallelWork.map(registry.components, threads: threads) { component in Self.entry(of: component) }
        for (component, entry) in zip(registry.components, entries) {
            // The first failure in registry order, whichever thread met it first.
            let (json, variants) = try entry.get()
            renders.append((component.name, json))
            variantCount += variants
        }
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        json = .object([
            ("format", .integer(Self.format)),
            ("generator", .string("starboard export")),
            ("exported", .string(formatter.string(from: exported))),
            ("catalog", registry.schema),
            ("renders", .object(renders)),
        ])
        componentCount = registry.components.count
        self.variantCount = variantCount
    }

    /// A component's defaults, variants and environments as `renders` lists them, and how many
    /// variants it has.
    private static func entry(of component: ComponentDefinition) -> Result<(JSONValue, Int), ExportError> {
        Result { () throws(ExportError) in
            let defaults = try Self.render(component, values: component.defaults, label: "\(component.name) (defaults)")
            var variants: [JSONValue] = []
            for variant in component.variants {
                let rendering = try Self.render(component, values: variant.values, label: "\(component.name) \"\(variant.name)\"")
                variants.append(.object([
                    ("name", .string(variant.name)),
                    // As in the catalog: only what differs from the defaults.
                    ("values", component.json(variant.changes)),
                    ("svg", .string(rendering.rendering.svg)),
                    ("size", Self.size(rendering)),
                    ("accessibility", JSONValue.array(rendering.rendering.accessibility.map(\.json))),
                ]))
            }
            var environments: [JSONValue] = []
            for environment in component.environments {
                let label = "\(component.name) (defaults) in \(environment.name)"
                let rendering: ComponentRendering
                do throws(PropertyError) {
                    rendering = try component.render(component.defaults, environment: environment.values)
                } catch {
                    throw ExportError("\(label) cannot be rendered: \(error.description)")
                }
                environments.append(.object([
                    ("name", .string(environment.name)),
                    ("environment", environment.json),
                    ("svg", .string(rendering.rendering.svg)),
                    ("size", Self.size(rendering)),
                    ("accessibility", JSONValue.array(rendering.rendering.accessibility.map(\.json))),
                ]))
            }
            let json = JSONValue.object([
                ("component", .string(component.name)),
                ("values", component.json(defaults.values)),
                ("svg", .string(defaults.rendering.svg)),
                ("size", Self.size(defaults)),
                ("accessibility", JSONValue.array(defaults.rendering.accessibility.map(\.json))),
                ("variants", .array(variants)),
                ("environments", .array(environments)),
            ])
            return (json, variants.count)
        }
    }

    /// The text of `data.js`.
    var script: String {
        "// Written by `starboard export`: the catalog and every render of this static Starboard page.\n"
            + "window.\(Self.globalName) = \(json.description);\n"
    }

    private static func render(_ component: ComponentDefinition, values: PropertyValues, label: String) throws(ExportError) -> ComponentRendering {
        do {
            return try component.render(values)
        } catch {
            throw ExportError("\(label) cannot be rendered: \(error.description)")
        }
    }

    private static func size(_ rendering: ComponentRendering) -> JSONValue {
        rendering.rendering.size.json
    }
}

/// Why an export could not be written.
struct ExportError: Error, CustomStringConvertible, Sendable {
    let description: String
    init(_ description: String) { self.description = description }
}
