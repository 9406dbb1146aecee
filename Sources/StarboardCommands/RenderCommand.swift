import Foundation
import StarboardInspector
import StarboardUI

/// `starboard render NAME [key=value …] [--variant NAME] [-o FILE]`.
enum RenderCommand: Command {
    static let name = "render"
    static let summary = "Render a component to SVG (or PNG) with property values"
    static let usage = """
        USAGE: starboard render NAME [key=value ...] [--variant NAME] [-o FILE] [--statistics] [--repeat N]
                                [--scheme S] [--text-size T] [--rtl] [--locale L]

        Renders component NAME with its defaults plus the given values, as SVG on standard output.

        Values: starCount=7  starSize=30x30  spacing=4  hueRotation=90  grayscale=0.5
                tint=#FF8800  name="Earth Day"  goalDate=2026-05-01  prefersNotifications=false

        OPTIONS:
          --variant NAME         Start from a declared variant instead of the defaults.
          -o, --output FILE      Write to FILE instead; a .png name converts with rsvg-convert.
          --accessibility        Print the accessibility elements as JSON on standard error.
          --statistics           Print the layout work (views, sizes computed, texts measured) on
                                 standard error.
          --repeat N             Render N times and print the last (for profilers such as callgrind).
        \(EnvironmentFlags.help)
        """

    static func run(_ arguments: [String], context: CommandContext) -> StarboardCommand.Action {
        return context.output { render(arguments, registry: $0) }
    }

    static func render(_ arguments: [String], registry: Registry) -> CommandOutput {
        var name: String?
        var assignments: [String] = []
        var variant: String?
        var output: String?
        var showAccessibility = false
        var showStatistics = false
        var repeats = 1
        var flags = EnvironmentFlags()
        var index = 0
        func value(after flag: String) -> String? {
            index += 1
            return index < arguments.count ? arguments[index] : nil
        }
        while index < arguments.count {
            let argument = arguments[index]
            switch argument {
            case "--variant":
                guard let v = value(after: argument) else { return .usage("--variant needs a name", help: usage) }
                variant = v
            case "-o", "--output":
                guard let v = value(after: argument) else { return .usage("\(argument) needs a file name", help: usage) }
                output = v
            case "--accessibility":
                showAccessibility = true
            case "--statistics":
                showStatistics = true
            case _ where flags.accepts(argument):
                let value = flags.takesValue(argument) ? value(after: argument) : nil
                if let error = flags.read(argument, value) { return .usage(error, help: usage) }
            case "--repeat":
                guard let v = value(after: argument), let count = Int(v), count > 0 else { return .usage("--repeat needs a positive number", help: usage) }
                repeats = count
            default:
                if argument.hasPrefix("-") && !argument.contains("=") {
                    return .usage("unknown option \"\(argument)\"", help: usage)
                }
                if name == nil && !argument.contains("=") {
                    name = argument
                } else {
                    assignments.append(argument)
                }
            }
            index += 1
        }
        guard let name else { return .usage("render needs a component name", help: usage) }
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
            guard let output else {
                out.stdout = result.rendering.svg
                return out
            }
            if output.lowercased().hasSuffix(".png") {
                switch PNGConverter.convert(svg: result.rendering.svg) {
                case .success(let data): out.files[output] = data
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
