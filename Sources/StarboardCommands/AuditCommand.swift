import Foundation
import StarboardInspector
import StarboardUI

/// `starboard audit [NAME ...] [--json] [--components] [environment flags]`: what breaks in each
/// environment.
enum AuditCommand: Command {
    static let name = "audit"
    static let summary = "Check contrast, clipped text, tap targets and mirroring in every environment"
    struct Options: Equatable, Sendable, HasEnvironmentFlags {
        var names: [String] = []
        var json = false
        var componentsOnly = false
        var flags = EnvironmentFlags()
    }

    static let declaration = CommandDeclaration<Options>(
        name: name,
        about: """
            Renders every component (or those named), its defaults and each variant, in light and dark,
            at the default and the accessibility3 text size, left to right and right to left (or only in
            the environment the flags give), plus the environments each component declares, and checks:
              - text contrast against the color behind it, by WCAG 2 (4.5:1; 3:1 for large text);
              - text cut short with an ellipsis, or running outside the component or a clip;
              - tap targets under 44 x 44 points, and ones without an accessibility label;
              - fixed horizontal offsets and positions, which do not mirror right to left;
              - characters no installed font has, which are drawn as empty boxes.
            Prints a table and exits 1 when anything is found, 0 when nothing is.

            With --components, previews of plain views (`#Preview`, `PreviewProvider`) are left out:
            a gate for a library's own components, where previews show an app's screens as iOS draws
            them (iOS's system blue on white is 4.0:1, its steppers 32 points tall).

            What it cannot see: text over an image or a blur, contrast inside a gradient away from the
            text's centre, and whether a label says something useful.
            """,
        arguments: .init(synopsis: "[NAME ...]") { options, name in
            options.names.append(name)
            return nil
        },
        options: [
            .flag("--json", help: "Print the findings as JSON.") { $0.json = true },
            .flag("--components", help: "Only the registered components, not previews of plain views.") { $0.componentsOnly = true },
        ] + EnvironmentFlags.options()
    )
    static var usage: String { declaration.usage }

    static func run(_ arguments: [String], context: CommandContext) -> StarboardCommand.Action {
        context.output { audit(arguments, registry: $0) }
    }

    static func audit(_ arguments: [String], registry: Registry) -> CommandOutput {
        let options: Options
        switch declaration.parse(arguments, into: Options()) {
        case .failure(let error): return error.output
        case .success(let parsed): options = parsed
        }
        let names = options.names, json = options.json, flags = options.flags
        var components: [ComponentDefinition] = []
        for name in names {
            guard let component = registry.component(named: name) else { return .failure(registry.unknownComponent(name).description) }
            components.append(component)
        }
        if components.isEmpty { components = registry.components.filter { !options.componentsOnly || $0.preview == nil } }

        struct Row {
            let component: String
            let variant: String
            let environment: String
            let finding: AuditFinding
        }
        var rows: [Row] = []
        var checked = 0
        for component in components {
            var environments = flags.isSet ? [flags.environment] : RenderEnvironment.auditMatrix
            for declared in component.environments where !environments.contains(declared) { environments.append(declared) }
            let cases = [("(defaults)", component.defaults)] + component.variants.map { ($0.name, $0.values) }
            for environment in environments {
                for (variant, values) in cases {
                    checked += 1
                    do {
                        let findings = try component.render(values, environment: environment.values, audit: true).rendering.audit
                        rows += findings.map { Row(component: component.name, variant: variant, environment: environment.name, finding: $0) }
                    } catch {
                        return .failure(error.description, code: 1)
                    }
                }
            }
        }
        var output = CommandOutput(exitCode: rows.isEmpty ? 0 : 1)
        if json {
            output.stdout = JSONValue.array(rows.map { row in
                guard case .object(let finding) = row.finding.json else { return row.finding.json }
                return .object([("component", .string(row.component)), ("variant", .string(row.variant)), ("environment", .string(row.environment))] + finding)
            }).description + "\n"
            return output
        }
        let renders = "\(checked) render\(checked == 1 ? "" : "s") of \(components.count) component\(components.count == 1 ? "" : "s")"
        guard !rows.isEmpty else {
            output.stdout = "No findings in \(renders).\n"
            return output
        }
        var table = "| component | variant | environment | check | finding |\n|---|---|---|---|---|\n"
        for row in rows {
            table += "| \(row.component) | \(row.variant) | \(row.environment) | \(row.finding.kind.rawValue) | \(row.finding.message) |\n"
        }
        output.stdout = table
        output.stderr = "\(rows.count) finding\(rows.count == 1 ? "" : "s") in \(renders)\n"
        return output
    }
}

/// `--scheme`, `--text-size`, `--rtl` and `--locale`, as `render`, `audit` and the page name them.
struct EnvironmentFlags: Equatable, Sendable {
    private(set) var environment = RenderEnvironment.standard
    private(set) var isSet = false

    /// The environment and canvas options, declared once for every command that takes them.
    static func options<Options: HasEnvironmentFlags>() -> [CommandDeclaration<Options>.Option] {
        [
            .checked("--scheme", placeholder: "S", expects: "light or dark", help: "light or dark.") { $0.flags.set("scheme", $1) },
            .checked("--text-size", placeholder: "T", expects: "a Dynamic Type size",
                     help: "A Dynamic Type size: \(DynamicTypeSize.allCases.map(\.rawValue).joined(separator: ", ")).") { $0.flags.set("textSize", $1) },
            .flag("--rtl", help: "Right to left.") { $0.flags.setRightToLeft() },
            .checked("--locale", placeholder: "L", expects: "a locale such as de_DE",
                     help: "A locale for dates and numbers in Text (en_US unless given), e.g. de_DE.") { $0.flags.set("locale", $1) },
            .checked("--device", placeholder: "NAME", expects: "a device name",
                     help: "Lay the preview out on a device's screen, offered its safe area: "
                        + Device.all.map(\.name).joined(separator: ", ") + "; add \" landscape\" to turn it.") { $0.flags.setCanvas($1, as: .device) },
            .checked("--size", placeholder: "WxH", expects: "a size such as 390x844",
                     help: "Lay the preview out on a screen of this size in points, with no safe-area insets.") { $0.flags.setCanvas($1, as: .size) },
            .checked("--layout", placeholder: "L", expects: "fit or device",
                     help: "fit: the size the preview chooses, grown to show all it draws (a component's default); device: the \(Device.standard.name).") {
                $0.flags.setCanvas($1, as: .layout)
            },
        ]
    }

    /// How a canvas was spelled on the command line.
    enum CanvasFlag { case device, size, layout }

    /// Sets the canvas from `--device`, `--size` or `--layout`; what is wrong, if anything.
    mutating func setCanvas(_ text: String, as flag: CanvasFlag) -> String? {
        isSet = true
        do {
            switch flag {
            case .device:
                let canvas = try CanvasLayout(name: text)
                guard case .device = canvas else { return "expected a device name, got \"\(text)\" (use --size or --layout for that); devices: " + Device.all.map(\.name).joined(separator: ", ") }
                environment.canvas = canvas
            case .size:
                let size = try CanvasLayout.size(text, strict: true)!
                environment.canvas = .fixed(width: size.width, height: size.height)
            case .layout:
                switch text {
                case "fit": environment.canvas = .sizeThatFits
                case "device": environment.canvas = .standardDevice
                default: return "expected fit or device, got \"\(text)\""
                }
            }
            return nil
        } catch {
            return error.description
        }
    }

    mutating func setRightToLeft() {
        isSet = true
        environment.direction = .rightToLeft
    }

    /// Sets one part of the environment; what is wrong with the value, if anything.
    mutating func set(_ key: String, _ value: String) -> String? {
        isSet = true
        do {
            try environment.set(key, value)
            return nil
        } catch {
            return error.description
        }
    }
}

/// Options that carry ``EnvironmentFlags``.
protocol HasEnvironmentFlags: Sendable {
    var flags: EnvironmentFlags { get set }
}
