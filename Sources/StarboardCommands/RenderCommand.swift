import Foundation
import StarboardInspector
import StarboardUI

/// `starboard render NAME [key=value …] [--variant NAME] [-o FILE]`.
enum RenderCommand: Command {
    static let name = "render"
    static let summary = "Render a component to SVG (or PNG) with property values"
    struct Options: Equatable, Sendable, HasEnvironmentFlags {
        var name: String?
        var assignments: [String] = []
        var variant: String?
        var output: String?
        var showAccessibility = false
        var showStatistics = false
        var repeats = 1
        var flags = EnvironmentFlags()
    }

    static let declaration = CommandDeclaration<Options>(
        name: name,
        about: """
            Renders component NAME with its defaults plus the given values, as SVG on standard output.

            Values: starCount=7  starSize=30x30  spacing=4  hueRotation=90  grayscale=0.5
                    tint=#FF8800  name="Earth Day"  goalDate=2026-05-01  prefersNotifications=false
            """,
        arguments: .init(synopsis: "NAME [key=value ...]") { options, argument in
            if options.name == nil && !argument.contains("=") { options.name = argument } else { options.assignments.append(argument) }
            return nil
        },
        options: [
            .value("--variant", placeholder: "NAME", expects: "a name", help: "Start from a declared variant instead of the defaults.") {
                $0.variant = $1
                return true
            },
            .value("-o", "--output", placeholder: "FILE", expects: "a file name",
                   help: "Write to FILE instead; a .png name is drawn by headless Chromium as the page draws it (rsvg-convert without it).") {
                $0.output = $1
                return true
            },
            .flag("--accessibility", help: "Print the accessibility elements as JSON on standard error.") { $0.showAccessibility = true },
            .flag("--statistics", help: "Print the layout work (views, sizes computed, texts measured) on standard error.") {
                $0.showStatistics = true
            },
            .value("--repeat", placeholder: "N", expects: "a positive number",
                   help: "Render N times and print the last (for profilers such as callgrind).") { options, value in
                guard let count = Int(value), count > 0 else { return false }
                options.repeats = count
                return true
            },
        ] + EnvironmentFlags.options(),
        finish: { $0.name == nil ? "render needs a component name" : nil }
    )
    static var usage: String { declaration.usage }

    static func run(_ arguments: [String], context: CommandContext) -> StarboardCommand.Action {
        return context.output { render(arguments, registry: $0) }
    }

    static func render(_ arguments: [String], registry: Registry) -> CommandOutput {
        let options: Options
        switch declaration.parse(arguments, into: Options()) {
        case .failure(let error): return error.output
        case .success(let parsed): options = parsed
        }
        let name = options.name!, assignments = options.assignments, variant = options.variant, output = options.output
        let showAccessibility = options.showAccessibility, showStatistics = options.showStatistics, repeats = options.repeats
        let flags = options.flags
        guard let component = registry.component(named: name) else {
            return .failure(registry.unknownComponent(name).description)
        }
        let result: ComponentRendering
        do {
            var base = component.defaults
            if let variant {
                guard let declared = component.variants.first(where: { $0.name == variant }) else {
                    _ = try component.renderVariant(named: variant)
                    return .failure("no variant \"\(variant)\"")
                }
                base = declared.values
            }
            let changes = try component.values(fromAssignments: assignments)
            let resolution = try component.resolve(changes: changes, over: base)
            let environment = flags.environment.values
            for _ in 1..<repeats { _ = try component.render(resolution.values, environment: environment) }
            result = try component.render(resolution.values, environment: environment)
            var out = CommandOutput()
            if showStatistics {
                let statistics = result.rendering.statistics
                out.stderr += "layout: \(statistics.nodes) views, \(statistics.sizings) sizes computed, \(statistics.textMeasurements) texts measured\n"
            }
            for note in resolution.notes { out.stderr += "note: \(note)\n" }
            if showAccessibility { out.stderr += JSONValue.array(result.rendering.accessibility.map(\.json)).description + "\n" }
            if let warning = Typesetter.shared.loadError { out.stderr += "warning: \(warning); text widths are estimates\n" }
            for rejected in Typesetter.shared.rejectedFiles { out.stderr += "warning: font \(rejected)\n" }
            for warning in result.rendering.warnings { out.stderr += "warning: \(warning)\n" }
            guard let output else {
                out.stdout = result.rendering.svg
                return out
            }
            if output.lowercased().hasSuffix(".png") {
                switch PNGConverter.convert(svg: result.rendering.svg) {
                case .success(let image):
                    out.files[output] = image.data
                    if let warning = image.warning { out.stderr += "warning: \(warning)\n" }
                case .failure(let error): return .failure(error.message, code: 1)
                }
            } else {
                out.files[output] = Data(result.rendering.svg.utf8)
            }
            return out
        } catch {
            return .failure(error.description)
        }
    }

}
