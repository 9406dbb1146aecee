import StarboardUI
import StarboardInspector

/// `starboard list [--json]`.
enum ListCommand: Command {
    static let name = "list"
    static let summary = "List registered components, their inspectable properties, and the previews"
    static let declaration = CommandDeclaration<Bool>(
        name: name,
        about: "Lists the components and their inspectable properties, then the previews by file or provider.",
        arguments: nil,
        options: [
            .flag("--json", help: "Print the registry schema as JSON (what the server sends as its catalog).") { $0 = true },
        ]
    )
    static var usage: String { declaration.usage }

    static func run(_ arguments: [String], context: CommandContext) -> StarboardCommand.Action {
        switch declaration.parse(arguments, into: false) {
        case .failure(let error): return .output(error.output)
        case .success(let json): return context.output { list(json: json, registry: $0) }
        }
    }

    static func list(json: Bool, registry: Registry) -> CommandOutput {
        if json { return CommandOutput(stdout: registry.schema.description + "\n") }
        var text = ""
        for component in registry.components where component.preview == nil {
            text += "\(component.name) — \(component.summary)\n"
            for property in component.properties {
                var line = "  " + property.name.padding(toLength: 22, withPad: " ", startingAt: 0)
                line += property.kind.rawValue.padding(toLength: 9, withPad: " ", startingAt: 0)
                line += "default " + property.defaultValue.text
                var limits: [String] = []
                if property.constraints.minimum != nil || property.constraints.maximum != nil {
                    let low = property.constraints.minimum.map(JSONValue.format) ?? ""
                    let high = property.constraints.maximum.map(JSONValue.format) ?? ""
                    limits.append("\(low)...\(high)")
                }
                if let bound = property.constraints.upperBound {
                    limits.append(bound.inclusive ? "≤ \(bound.property)" : "< \(bound.property)")
                }
                if let max = property.constraints.maxLength { limits.append("≤ \(max) characters") }
                if !property.constraints.options.isEmpty { limits.append(property.constraints.options.map(\.value).joined(separator: "|")) }
                if !limits.isEmpty { line += "  (" + limits.joined(separator: ", ") + ")" }
                text += line + "\n"
            }
            if !component.variants.isEmpty {
                text += "  variants: " + component.variants.map { "\"\($0.name)\"" }.joined(separator: ", ") + "\n"
            }
            text += "\n"
        }
        text += previews(registry)
        return CommandOutput(stdout: text)
    }

    /// The preview entries by group (file or provider), each with its place and traits.
    static func previews(_ registry: Registry) -> String {
        let entries = registry.components.compactMap { entry in entry.preview.map { (entry.name, $0) } }
        guard !entries.isEmpty else { return "" }
        var text = "Previews\n"
        var group: String?
        for (name, preview) in entries {
            if preview.group != group {
                group = preview.group
                text += "  \(preview.group)\n"
            }
            var line = "    " + name.padding(toLength: 28, withPad: " ", startingAt: 0)
            if let source = preview.source { line += " line \(source.line)," }
            line += " " + describe(preview.traits)
            text += line + "\n"
        }
        return text + "\n"
    }

    /// "device", "size that fits, landscape left", "fixed 320x80 on iPhone 15"…
    static func describe(_ traits: PreviewTraits) -> String {
        var parts: [String]
        switch traits.layout {
        case .device: parts = ["device"]
        case .sizeThatFits: parts = ["size that fits"]
        case .fixed(let width, let height): parts = ["fixed \(JSONValue.format(Double(width)))x\(JSONValue.format(Double(height)))"]
        }
        if traits.orientation != .portrait { parts.append(PropertyDescriptor.title(fromName: traits.orientation.rawValue).lowercased()) }
        if let device = traits.device { parts.append("on \(device)") }
        return parts.joined(separator: ", ")
    }

}
