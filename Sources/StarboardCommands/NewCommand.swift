import Foundation
import StarboardInspector

/// `starboard new NAME`: writes `Components/NAME.swift` from a template and registers it.
enum NewCommand: Command {
    static let name = "new"
    static let summary = "Create a component from a template and register it"
    static let usage = """
        USAGE: starboard new NAME [--package DIR]

        Writes Components/NAME.swift (two inspectable properties, one variant, a body) and adds
        NAME.self to the list in Components/Registry.swift. Then rebuild, or let
        `starboard serve --watch` pick it up.

        OPTIONS:
          --package DIR          The package to add it to (default: the working directory).
        """

    static func run(_ arguments: [String], context: CommandContext) -> StarboardCommand.Action {
        var name: String?
        var package = FileManager.default.currentDirectoryPath
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--package" {
                index += 1
                guard index < arguments.count else { return .output(.usage("--package needs a folder", help: usage)) }
                package = arguments[index]
            } else if argument.hasPrefix("-") {
                return .output(.usage("unknown option \"\(argument)\"", help: usage))
            } else if name == nil {
                name = argument
            } else {
                return .output(.usage("unexpected argument \"\(argument)\"", help: usage))
            }
            index += 1
        }
        guard let name else { return .output(.usage("new needs a component name", help: usage)) }
        let registered = (try? context.makeRegistry())?.components.map(\.name) ?? []
        return .output(create(name, in: package, registered: registered))
    }

    static func create(_ name: String, in package: String, registered: [String]) -> CommandOutput {
        if let problem = problem(with: name) { return .failure(problem) }
        if registered.contains(name) { return .failure("a component named \(name) is already registered") }
        let folder = package + "/Components"
        let file = "\(folder)/\(name).swift"
        let registry = "\(folder)/Registry.swift"
        guard FileManager.default.fileExists(atPath: package + "/Package.swift"),
              let list = try? String(contentsOfFile: registry, encoding: .utf8) else {
            return .failure("\(package) is not a Starboard package (no Package.swift or Components/Registry.swift); use --package DIR")
        }
        guard !FileManager.default.fileExists(atPath: file) else { return .failure("\(file) already exists") }
        guard let updated = register(name, in: list) else {
            return .failure("cannot find the `registeredComponents` list in \(registry); add `\(name).self,` to it by hand")
        }
        do {
            try template(name).write(toFile: file, atomically: true, encoding: .utf8)
            try updated.write(toFile: registry, atomically: true, encoding: .utf8)
        } catch {
            return .failure("cannot write \(file): \(error.localizedDescription)", code: 1)
        }
        return CommandOutput(stdout: """
            Created Components/\(name).swift and registered it in Components/Registry.swift.
            Edit it, then `swift build` (or keep `starboard serve --watch` running) to see it.

            """)
    }

    /// Why `name` cannot be a component's type name, or nil when it can.
    static func problem(with name: String) -> String? {
        guard let first = name.unicodeScalars.first, first.properties.isXIDStart || first == "_",
              name.unicodeScalars.allSatisfy({ $0.properties.isXIDContinue }) else {
            return "\"\(name)\" is not a Swift identifier (letters, digits and _, not starting with a digit)"
        }
        let keywords: Set = ["Any", "Self", "Type", "Protocol", "class", "struct", "enum", "protocol", "extension", "func", "var",
                             "let", "import", "return", "if", "else", "for", "while", "switch", "case", "default", "in", "do",
                             "try", "catch", "throw", "throws", "init", "deinit", "self", "super", "true", "false", "nil", "some", "any"]
        if keywords.contains(name) { return "\"\(name)\" is a Swift keyword or reserved name" }
        let taken: Set = ["View", "Text", "Color", "Path", "Shape", "Circle", "Rectangle", "Capsule", "Ellipse", "HStack", "VStack",
                          "ZStack", "Spacer", "Component", "Registry", "Variant", "Inspectable", "Font", "Angle", "Size", "Point", "Badge"]
        if taken.contains(name) { return "\"\(name)\" would hide Starboard's own \(name) type; pick another name" }
        if !(first.properties.isUppercase) { return "\"\(name)\" should start with an upper-case letter, as Swift type names do" }
        return nil
    }

    /// The registry file with `name.self,` added at the end of the list.
    static func register(_ name: String, in text: String) -> String? {
        guard let start = text.range(of: "registeredComponents: [any Component.Type] = [") else { return nil }
        guard let close = text.range(of: "\n]", range: start.upperBound..<text.endIndex) else { return nil }
        return text.replacingCharacters(in: close.lowerBound..<close.lowerBound, with: "\n    \(name).self,")
    }

    static func template(_ name: String) -> String {
        """
        import StarboardInspector
        import StarboardUI

        /// A new component: a label on a rounded, tinted background. Make it yours.
        struct \(name): Component {
            @Inspectable(maxLength: 40, help: "The text shown.")
            var title = "\(name)"

            @Inspectable("Tint", help: "The background color.")
            var tint = Color(red8: 0, green8: 122, blue8: 255)

            static let summary = "A label on a tinted background."

            static let variants = [
                Variant<\(name)>("Long title") { $0.title = "A much longer title" },
            ]

            var body: some View {
                Text(title)
                    .font(.subheadline)
                    .foregroundColor(.white)
                    .padding(EdgeInsets(top: 6, leading: 12, bottom: 6, trailing: 12))
                    .background(RoundedRectangle(cornerRadius: 8).fill(tint))
                    .accessibilityLabel(title)
            }
        }

        """
    }
}
