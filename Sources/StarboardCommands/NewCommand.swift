import Foundation
import StarboardInspector

/// `starboard new NAME`: writes a component from a template into the caller's package and
/// registers it in the list its executable passes to Starboard.
enum NewCommand: Command {
    static let name = "new"
    static let summary = "Create a component from a template and register it"
    static let declaration = CommandDeclaration<Options>(
        name: name,
        about: """
            Writes NAME.swift (two inspectable properties, one variant, a body) beside your other
            components and adds NAME.self to the list of registered components. Then rebuild, or let
            `serve --watch` pick it up.

            The list is the array literal passed to Starboard.main(components:), or Starboard's own
            registeredComponents, in a .swift file under the package's Sources/ or Components/. The
            folder is the one holding the listed components' files, else the list's own folder; when
            that is another target, the new type is public so the list can see it.
            """,
        arguments: .init(synopsis: "NAME") { options, argument in
            guard options.name.isEmpty else { return "unexpected argument \"\(argument)\"" }
            options.name = argument
            return nil
        },
        options: [
            .value("--package", placeholder: "DIR", expects: "a folder",
                   help: "The package (default: the nearest folder with a Package.swift, from the working directory up).") {
                $0.package = $1
                return true
            },
            .value("--folder", placeholder: "DIR", expects: "a folder", help: "Where to write NAME.swift.") {
                $0.folder = $1
                return true
            },
            .value("--registry", placeholder: "FILE", expects: "a file", help: "The file whose list NAME is added to.") {
                $0.registry = $1
                return true
            },
        ],
        finish: { $0.name.isEmpty ? "new needs a component name" : nil }
    )
    static var usage: String { declaration.usage }

    /// Where a list of registered components starts (split, so this file is not one itself).
    static let listMarkers = ["Starboard.main(components: " + "[", "registeredComponents: [any Component.Type] = " + "["]

    struct Options: Equatable, Sendable {
        var name = ""
        /// Empty: found from the working directory up.
        var package = ""
        var folder: String?
        var registry: String?
    }

    static func run(_ arguments: [String], context: CommandContext) -> StarboardCommand.Action {
        var options: Options
        switch declaration.parse(arguments, into: Options()) {
        case .failure(let error): return .output(error.output)
        case .success(let parsed): options = parsed
        }
        let cwd = FileManager.default.currentDirectoryPath
        if options.package.isEmpty {
            guard let root = packageRoot(from: cwd) else {
                return .output(.failure("no Package.swift in \(cwd) or any folder above it; run in your package or pass --package DIR"))
            }
            options.package = root
        }
        let registered = (try? context.makeRegistry())?.components.map(\.name) ?? []
        return .output(create(options, registered: registered))
    }

    /// The nearest folder from `folder` up that holds a Package.swift.
    static func packageRoot(from folder: String) -> String? {
        var url = URL(fileURLWithPath: folder).standardized
        while true {
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url.path }
            if url.path == "/" { return nil }
            url.deleteLastPathComponent()
        }
    }

    static func create(_ options: Options, registered: [String]) -> CommandOutput {
        let name = options.name
        if let problem = problem(with: name) { return .failure(problem) }
        if registered.contains(name) { return .failure("a component named \(name) is already registered") }
        let package = options.package
        guard FileManager.default.fileExists(atPath: package + "/Package.swift") else {
            return .failure("\(package) is not a package (no Package.swift); use --package DIR")
        }
        let sources = swiftFiles(in: package)
        let registryFile: String
        if let given = options.registry {
            registryFile = given.hasPrefix("/") ? given : FileManager.default.currentDirectoryPath + "/" + given
        } else {
            var lists = sources.filter { path in (try? String(contentsOfFile: path, encoding: .utf8)).map { listRange(in: $0) != nil } ?? false }
            // Several programs with lists (a previews-only one has `components: []`): the one
            // running is the one whose list `new` extends.
            let program = (CommandLine.arguments.first.map { ($0 as NSString).lastPathComponent }) ?? ""
            let own = lists.filter { $0.hasPrefix(package + "/Sources/" + program + "/") }
            if lists.count > 1, own.count == 1 { lists = own }
            guard lists.count == 1 else {
                return .failure(lists.isEmpty
                    ? "found no list of registered components (Starboard.main(components: [ … ])) under \(package)/Sources; pass --registry FILE"
                    : "found lists of registered components in \(lists.map { relative($0, to: package) }.joined(separator: " and ")); pass --registry FILE")
            }
            registryFile = lists[0]
        }
        guard let list = try? String(contentsOfFile: registryFile, encoding: .utf8) else {
            return .failure("cannot read \(registryFile)")
        }
        guard let updated = register(name, in: list) else {
            return .failure("cannot find a list of registered components (Starboard.main(components: [ … ])) in \(registryFile); add `\(name).self` to it by hand")
        }
        let registryFolder = (registryFile as NSString).deletingLastPathComponent
        let listed = listedNames(in: list)
        let folder = options.folder.map { $0.hasPrefix("/") ? $0 : FileManager.default.currentDirectoryPath + "/" + $0 }
            ?? componentFolder(of: listed, among: sources)
            ?? registryFolder
        let isPublic = URL(fileURLWithPath: folder).standardized.path != URL(fileURLWithPath: registryFolder).standardized.path
        let file = "\(folder)/\(name).swift"
        guard !FileManager.default.fileExists(atPath: file) else { return .failure("\(file) already exists") }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try template(name, isPublic: isPublic).write(toFile: file, atomically: true, encoding: .utf8)
            try updated.write(toFile: registryFile, atomically: true, encoding: .utf8)
        } catch {
            return .failure("cannot write \(file): \(error.localizedDescription)", code: 1)
        }
        return CommandOutput(stdout: """
            Created \(relative(file, to: package)) and registered it in \(relative(registryFile, to: package)).
            Edit it, then `swift build` (or keep `serve --watch` running) to see it.

            """)
    }

    static func relative(_ path: String, to package: String) -> String {
        let root = URL(fileURLWithPath: package).standardized.path + "/"
        let full = URL(fileURLWithPath: path).standardized.path
        return full.hasPrefix(root) ? String(full.dropFirst(root.count)) : full
    }

    /// The package's Swift sources under Sources/ and Components/, sorted.
    static func swiftFiles(in package: String) -> [String] {
        var files: [String] = []
        for top in ["Sources", "Components"] {
            let root = package + "/" + top
            guard let walker = FileManager.default.enumerator(atPath: root) else { continue }
            while let relativePath = walker.nextObject() as? String {
                if relativePath.hasSuffix(".swift") { files.append(root + "/" + relativePath) }
            }
        }
        return files.sorted()
    }

    /// The range of the list's elements (between its brackets) in `text`, skipping comments.
    static func listRange(in text: String) -> Range<String.Index>? {
        for marker in listMarkers {
            var searchFrom = text.startIndex
            while let found = text.range(of: marker, range: searchFrom..<text.endIndex) {
                searchFrom = found.upperBound
                // Only where a statement starts with it: not in a comment, a string or a message.
                let lineStart = text[..<found.lowerBound].lastIndex(of: "\n").map { text.index(after: $0) } ?? text.startIndex
                let before = text[lineStart..<found.lowerBound].trimmingCharacters(in: .whitespaces)
                guard ["", "let", "public let", "var", "public var"].contains(before) else { continue }
                var depth = 1
                var index = found.upperBound
                while index < text.endIndex {
                    if text[index] == "[" { depth += 1 }
                    if text[index] == "]" {
                        depth -= 1
                        if depth == 0 { return found.upperBound..<index }
                    }
                    index = text.index(after: index)
                }
            }
        }
        return nil
    }

    /// The type names in the list (`RatingControl.self` → RatingControl).
    static func listedNames(in text: String) -> [String] {
        guard let range = listRange(in: text) else { return [] }
        return text[range].components(separatedBy: CharacterSet(charactersIn: ", \n\t[]")).compactMap { item in
            item.hasSuffix(".self") ? String(item.dropLast(5)) : nil
        }
    }

    /// The folder of the first file that declares one of `names` as a struct.
    static func componentFolder(of names: [String], among files: [String]) -> String? {
        for file in files {
            guard let text = try? String(contentsOfFile: file, encoding: .utf8) else { continue }
            if names.contains(where: { text.contains("struct \($0):") || text.contains("struct \($0) :") }) {
                return (file as NSString).deletingLastPathComponent
            }
        }
        return nil
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
                          "ZStack", "Spacer", "Component", "Registry", "Variant", "Inspectable", "Font", "Angle", "Size", "Point", "Badge",
                          "Starboard"]
        if taken.contains(name) { return "\"\(name)\" would hide Starboard's own \(name) type; pick another name" }
        if !(first.properties.isUppercase) { return "\"\(name)\" should start with an upper-case letter, as Swift type names do" }
        return nil
    }

    /// The file with `name.self` added at the end of its list: on a line of its own in a list
    /// written one per line, else after the last element.
    static func register(_ name: String, in text: String) -> String? {
        guard let range = listRange(in: text) else { return nil }
        let elements = text[range]
        let trimmed = elements.trimmingCharacters(in: .whitespacesAndNewlines)
        if elements.contains("\n") {
            // Insert before the line holding the closing bracket, after a comma.
            guard let lastNewline = elements.lastIndex(of: "\n") else { return nil }
            let needsComma = !trimmed.isEmpty && !trimmed.hasSuffix(",")
            var result = text
            result.insert(contentsOf: "\n    \(name).self,", at: lastNewline)
            if needsComma, let lastElementEnd = text[range.lowerBound..<lastNewline].lastIndex(where: { !$0.isWhitespace }) {
                result.insert(",", at: result.index(after: lastElementEnd))
            }
            return result
        }
        var result = text
        let addition = trimmed.isEmpty ? "\(name).self" : (trimmed.hasSuffix(",") ? " \(name).self" : ", \(name).self")
        let end = elements.lastIndex(where: { !$0.isWhitespace }).map { text.index(after: $0) } ?? range.lowerBound
        result.insert(contentsOf: addition, at: end)
        return result
    }

    static func template(_ name: String, isPublic: Bool) -> String {
        let access = isPublic ? "public " : ""
        return """
        import StarboardInspector
        import StarboardUI

        /// A new component: a label on a rounded, tinted background. Make it yours.
        \(access)struct \(name): Component {
            @Inspectable(maxLength: 40, help: "The text shown.")
            \(access)var title = "\(name)"

            @Inspectable("Tint", help: "The background color.")
            \(access)var tint = Color(red8: 0, green8: 122, blue8: 255)

            \(access)static let summary = "A label on a tinted background."

            \(access)static let variants = [
                Variant<\(name)>("Long title") { $0.title = "A much longer title" },
            ]
        \(isPublic ? "\n    public init() {}\n" : "")
            \(access)var body: some View {
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
