import Components
import Foundation
import Inspector
import StarboardUI

/// What a command printed and how it ended; `main` only writes these out, so every command is
/// testable without a process.
public struct CommandOutput: Equatable, Sendable {
    public var stdout: String = ""
    public var stderr: String = ""
    public var exitCode: Int32 = 0
    /// Bytes for a file the command wants written (path, data), kept here so tests see them.
    public var files: [String: Data] = [:]

    static func usage(_ message: String, help: String) -> CommandOutput {
        CommandOutput(stderr: "starboard: \(message)\n\n\(help)", exitCode: 2)
    }

    static func failure(_ message: String, code: Int32 = 2) -> CommandOutput {
        CommandOutput(stderr: "starboard: \(message)\n", exitCode: code)
    }
}

/// The subcommands, registered as a list as swift-argument-parser does.
enum Subcommand: String, CaseIterable {
    case serve, list, render, help

    var summary: String {
        switch self {
        case .serve: "Start the live preview server (the default with no arguments)"
        case .list: "List registered components and their inspectable properties"
        case .render: "Render a component to SVG (or PNG) with property values"
        case .help: "Show help for a command"
        }
    }

    var usage: String {
        switch self {
        case .serve:
            """
            USAGE: starboard serve [--host HOST] [--port PORT] [--web DIR] [--state FILE] [--open]
                                   [--allow-origin ORIGIN]... [--no-origin-check]

            Serves the inspector page and the websocket protocol (docs/protocol.md).

            OPTIONS:
              --host HOST            Address to listen on (default 127.0.0.1). 0.0.0.0 exposes the
                                     server to your network and prints a warning.
              --port PORT            Port (default 8080); 0 picks any free port and prints it.
              --web DIR              Folder served at / (default: ./Web).
              --state FILE           Where current values are kept (default .starboard/state.json).
              --open                 Open the page in the default browser (xdg-open).
              --allow-origin ORIGIN  Also accept websocket clients from this Origin (repeatable).
              --no-origin-check      Accept websocket clients with any or no Origin. For scripts
                                     only: any web page you visit could then drive this server.
            """
        case .list:
            """
            USAGE: starboard list [--json]

            Lists the registered components with their inspectable properties.

            OPTIONS:
              --json                 Print the registry schema as JSON (what the server sends as its catalog).
            """
        case .render:
            """
            USAGE: starboard render NAME [key=value ...] [--variant NAME] [-o FILE]

            Renders component NAME with its defaults plus the given values, as SVG on standard output.

            Values: starCount=7  starSize=30x30  spacing=4  hueRotation=90  grayscale=0.5
                    tint=#FF8800  name="Earth Day"  goalDate=2026-05-01  prefersNotifications=false

            OPTIONS:
              --variant NAME         Start from a declared variant instead of the defaults.
              -o, --output FILE      Write to FILE instead; a .png name converts with rsvg-convert.
              --accessibility        Print the accessibility elements as JSON on standard error.
            """
        case .help:
            "USAGE: starboard help [COMMAND]"
        }
    }
}

/// Parses arguments and runs the command. `serve` is not run here (it does not return); the
/// caller gets a ``ServeOptions`` instead.
public enum StarboardCommand {
    public static var help: String {
        var text = """
        Starboard: a design-time inspector and live preview server for Swift UI components.

        USAGE: starboard [COMMAND] [OPTIONS]

        With no command, starts the server (same as `starboard serve`).

        COMMANDS:

        """
        for command in Subcommand.allCases {
            text += "  " + command.rawValue.padding(toLength: 10, withPad: " ", startingAt: 0) + command.summary + "\n"
        }
        text += "\nSee `starboard help COMMAND` for a command's options.\n"
        return text
    }

    /// What `main` should do.
    public enum Action {
        case output(CommandOutput)
        case serve(ServeOptions)
    }

    public static func parse(_ arguments: [String], registry makeRegistry: () throws(RegistryError) -> Registry = Components.makeRegistry) -> Action {
        guard let first = arguments.first else { return .serve(ServeOptions()) }
        if first == "--help" || first == "-h" { return .output(CommandOutput(stdout: help)) }
        guard let command = Subcommand(rawValue: first) else {
            if first.hasPrefix("--") {
                // `starboard --port 0` is `starboard serve --port 0`.
                return parseServe(arguments)
            }
            return .output(.usage("unknown command \"\(first)\"", help: help))
        }
        let rest = Array(arguments.dropFirst())
        if rest.contains("--help") || rest.contains("-h") {
            return .output(CommandOutput(stdout: command.usage + "\n"))
        }
        switch command {
        case .help:
            guard let topic = rest.first else { return .output(CommandOutput(stdout: help)) }
            guard let sub = Subcommand(rawValue: topic) else { return .output(.usage("unknown command \"\(topic)\"", help: help)) }
            return .output(CommandOutput(stdout: sub.usage + "\n"))
        case .serve:
            return parseServe(rest)
        case .list, .render:
            let registry: Registry
            do {
                registry = try makeRegistry()
            } catch {
                return .output(.failure("the component registry is invalid: \(error)", code: 1))
            }
            return .output(command == .list ? list(rest, registry: registry) : render(rest, registry: registry))
        }
    }

    // MARK: - list

    static func list(_ arguments: [String], registry: Registry) -> CommandOutput {
        var json = false
        for argument in arguments {
            guard argument == "--json" else { return .usage("unexpected argument \"\(argument)\"", help: Subcommand.list.usage) }
            json = true
        }
        if json { return CommandOutput(stdout: registry.schema.description + "\n") }
        var text = ""
        for component in registry.components {
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
        return CommandOutput(stdout: text)
    }

    // MARK: - render

    static func render(_ arguments: [String], registry: Registry) -> CommandOutput {
        var name: String?
        var assignments: [String] = []
        var variant: String?
        var output: String?
        var showAccessibility = false
        var index = 0
        func value(after flag: String) -> String? {
            index += 1
            return index < arguments.count ? arguments[index] : nil
        }
        while index < arguments.count {
            let argument = arguments[index]
            switch argument {
            case "--variant":
                guard let v = value(after: argument) else { return .usage("--variant needs a name", help: Subcommand.render.usage) }
                variant = v
            case "-o", "--output":
                guard let v = value(after: argument) else { return .usage("\(argument) needs a file name", help: Subcommand.render.usage) }
                output = v
            case "--accessibility":
                showAccessibility = true
            default:
                if argument.hasPrefix("-") && !argument.contains("=") {
                    return .usage("unknown option \"\(argument)\"", help: Subcommand.render.usage)
                }
                if name == nil && !argument.contains("=") {
                    name = argument
                } else {
                    assignments.append(argument)
                }
            }
            index += 1
        }
        guard let name else { return .usage("render needs a component name", help: Subcommand.render.usage) }
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
            result = try component.render(resolution.values)
            var out = CommandOutput()
            for note in resolution.notes { out.stderr += "note: \(note)\n" }
            if showAccessibility { out.stderr += accessibilityJSON(result.rendering.accessibility).description + "\n" }
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

    /// The accessibility list as the protocol writes it.
    public static func accessibilityJSON(_ elements: [AccessibilityElement]) -> JSONValue {
        .array(elements.map { element in
            .object([
                ("id", .string(element.id)),
                ("label", element.label.map(JSONValue.string) ?? .null),
                ("value", element.value.map(JSONValue.string) ?? .null),
                ("hint", element.hint.map(JSONValue.string) ?? .null),
                ("frame", .object([
                    ("x", .number(round3(element.frame.minX))), ("y", .number(round3(element.frame.minY))),
                    ("width", .number(round3(element.frame.width))), ("height", .number(round3(element.frame.height))),
                ])),
                ("tappable", .bool(element.isTappable)),
            ])
        })
    }

    static func round3(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }
}
