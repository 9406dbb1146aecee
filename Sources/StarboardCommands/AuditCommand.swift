import Foundation
import StarboardInspector
import StarboardUI

/// `starboard audit [NAME ...] [--json] [environment flags]`: what breaks in each environment.
enum AuditCommand: Command {
    static let name = "audit"
    static let summary = "Check contrast, clipped text, tap targets and mirroring in every environment"
    static let usage = """
        USAGE: starboard audit [NAME ...] [--json] [--scheme S] [--text-size T] [--rtl] [--locale L]

        Renders every component (or those named), its defaults and each variant, in light and dark,
        at the default and the accessibility3 text size, left to right and right to left (or only in
        the environment the flags give), plus the environments each component declares, and checks:
          - text contrast against the color behind it, by WCAG 2 (4.5:1; 3:1 for large text);
          - text cut short with an ellipsis, or running outside the component or a clip;
          - tap targets under 44 x 44 points, and ones without an accessibility label;
          - fixed horizontal offsets and positions, which do not mirror right to left.
        Prints a table and exits 1 when anything is found, 0 when nothing is.

        What it cannot see: text over an image or a blur, contrast inside a gradient away from the
        text's centre, and whether a label says something useful.

        OPTIONS:
          --json                 Print the findings as JSON.
        \(EnvironmentFlags.help)
        """

    static func run(_ arguments: [String], context: CommandContext) -> StarboardCommand.Action {
        context.output { audit(arguments, registry: $0) }
    }

    static func audit(_ arguments: [String], registry: Registry) -> CommandOutput {
        var names: [String] = []
        var json = false
        var flags = EnvironmentFlags()
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--json" {
                json = true
            } else if flags.accepts(argument) {
                if flags.takesValue(argument) { index += 1 }
                if let error = flags.read(argument, index < arguments.count ? arguments[index] : nil) {
                    return .usage(error, help: usage)
                }
            } else if argument.hasPrefix("-") {
                return .usage("unknown option \"\(argument)\"", help: usage)
            } else {
                names.append(argument)
            }
            index += 1
        }
        var components: [ComponentDefinition] = []
        for name in names {
            guard let component = registry.component(named: name) else { return .failure(registry.unknownComponent(name).description) }
            components.append(component)
        }
        if components.isEmpty { components = registry.components }

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
struct EnvironmentFlags {
    private(set) var environment = RenderEnvironment.standard
    private(set) var isSet = false

    static let help = """
          --scheme S             light or dark.
          --text-size T          A Dynamic Type size: \(DynamicTypeSize.allCases.map(\.rawValue).joined(separator: ", ")).
          --rtl                  Right to left.
          --locale L             A locale for dates and numbers in Text (en_US unless given), e.g. de_DE.
        """

    /// Whether `flag` is one of these (`--rtl` takes no value; the others take one).
    func accepts(_ flag: String) -> Bool {
        ["--scheme", "--text-size", "--rtl", "--locale"].contains(flag)
    }

    /// Whether `flag` is followed by a value (all but `--rtl`).
    func takesValue(_ flag: String) -> Bool { flag != "--rtl" }

    /// Reads `flag` with `value`; an error naming the flag, the allowed values and what came.
    mutating func read(_ flag: String, _ value: String?) -> String? {
        isSet = true
        if flag == "--rtl" {
            environment.direction = .rightToLeft
            return nil
        }
        guard let value else { return "\(flag) needs a value" }
        let key = ["--scheme": "scheme", "--text-size": "textSize", "--locale": "locale"][flag]!
        do {
            try environment.set(key, value)
            return nil
        } catch {
            return "\(flag): \(error.description)"
        }
    }
}
