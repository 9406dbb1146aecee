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

    init(registry: Registry, exported: Date) throws(ExportError) {
        var renders: [(String, JSONValue)] = []
        var variantCount = 0
        for component in registry.components {
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
            variantCount += variants.count
            var environments: [JSONValue] = []
            for environment in component.environments {
                let label = "\(component.name) (defaults) in \(environment.name)"
                let rendering: ComponentRendering
                do {
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
            renders.append((component.name, .object([
                ("component", .string(component.name)),
                ("values", component.json(defaults.values)),
                ("svg", .string(defaults.rendering.svg)),
                ("size", Self.size(defaults)),
                ("accessibility", JSONValue.array(defaults.rendering.accessibility.map(\.json))),
                ("variants", .array(variants)),
                ("environments", .array(environments)),
            ])))
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
struct ExportError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
