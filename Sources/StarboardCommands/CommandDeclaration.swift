/// A command's options and arguments, declared once, in the manner of swift-argument-parser:
/// parsing, the errors for a missing or bad value, and the text of `help COMMAND` all come from
/// the same declaration, so the help cannot drift from what is parsed.
struct CommandDeclaration<Options: Sendable>: Sendable {
    /// One option: its spellings, the placeholder of its value (nil for a flag), what a value must
    /// be (the error says "--port needs a number from 0 to 65535"), the help, and how it fills
    /// the options; `read` returns false for a value it refuses.
    struct Option: Sendable {
        let names: [String]
        let placeholder: String?
        let expects: String
        let help: String
        let repeatable: Bool
        /// Shown without brackets in the synopsis; the declaration's `finish` says when it is missing.
        var required = false
        /// Fills the options from the option as typed and its value; the problem, if any.
        let apply: @Sendable (inout Options, _ spelled: String, _ value: String) -> String?

        /// An option that takes a value; `read` returns false for one it refuses
        /// ("--port needs a number from 0 to 65535").
        static func value(_ names: String..., placeholder: String, expects: String, repeatable: Bool = false, required: Bool = false,
                          help: String, read: @escaping @Sendable (inout Options, String) -> Bool) -> Option {
            Option(names: names, placeholder: placeholder, expects: expects, help: help, repeatable: repeatable, required: required) {
                options, spelled, value in read(&options, value) ? nil : "\(spelled) needs \(expects)"
            }
        }

        /// An option that takes a value and says itself what is wrong with one ("--scheme: …").
        static func checked(_ names: String..., placeholder: String, expects: String, help: String,
                            read: @escaping @Sendable (inout Options, String) -> String?) -> Option {
            Option(names: names, placeholder: placeholder, expects: expects, help: help, repeatable: false) {
                options, spelled, value in read(&options, value).map { "\(spelled): \($0)" }
            }
        }

        /// An option that is there or not.
        static func flag(_ names: String..., help: String, set: @escaping @Sendable (inout Options) -> Void) -> Option {
            Option(names: names, placeholder: nil, expects: "", help: help, repeatable: false) { options, _, _ in
                set(&options)
                return nil
            }
        }

        /// `--port PORT`, `-o, --output FILE`.
        var spelled: String {
            names.joined(separator: ", ") + (placeholder.map { " " + $0 } ?? "")
        }
    }

    /// Arguments that are not options (`NAME`): the usage's spelling, and how each fills the
    /// options; the error when it refuses one. Nil: the command takes none.
    struct Arguments: Sendable {
        let synopsis: String
        let read: @Sendable (inout Options, String) -> String?
    }

    let name: String
    let about: String
    let arguments: Arguments?
    let options: [Option]
    /// Checked after every argument is read: what is still missing ("export needs --out DIR").
    var finish: @Sendable (Options) -> String? = { _ in nil }

    /// The text of `starboard help NAME` and `starboard NAME --help`.
    var usage: String {
        var synopsis = "USAGE: starboard \(name)"
        if let arguments { synopsis += " " + arguments.synopsis }
        var lines: [String] = []
        for option in options {
            let spelled = option.names.last! + (option.placeholder.map { " " + $0 } ?? "")
            let part = (option.required ? spelled : "[" + spelled + "]") + (option.repeatable ? "..." : "")
            if synopsis.count + part.count + 1 > 96 {
                lines.append(synopsis)
                synopsis = String(repeating: " ", count: "USAGE: starboard \(name) ".count) + part
            } else {
                synopsis += " " + part
            }
        }
        lines.append(synopsis)
        var text = lines.joined(separator: "\n") + "\n\n" + about + "\n"
        if !options.isEmpty {
            text += "\nOPTIONS:\n"
            for option in options {
                text += Self.wrap(option.help, first: "  " + option.spelled, indent: 25, width: 98)
            }
        }
        return text
    }

    /// Parses `arguments` into `initial`; on a problem, the usage error to print.
    func parse(_ arguments: [String], into initial: Options) -> Result<Options, CommandOutputError> {
        var options = initial
        var index = 0
        func refuse(_ message: String) -> Result<Options, CommandOutputError> {
            .failure(CommandOutputError(output: .usage(message, help: usage)))
        }
        while index < arguments.count {
            let argument = arguments[index]
            if let option = self.options.first(where: { $0.names.contains(argument) }) {
                if option.placeholder == nil {
                    _ = option.apply(&options, argument, "")
                } else {
                    index += 1
                    guard index < arguments.count, !arguments[index].isEmpty else { return refuse("\(argument) needs \(option.expects)") }
                    if let problem = option.apply(&options, argument, arguments[index]) { return refuse(problem) }
                }
            } else if argument.hasPrefix("-") && !argument.contains("=") {
                return refuse("unknown option \"\(argument)\"")
            } else if let declared = self.arguments {
                if let problem = declared.read(&options, argument) { return refuse(problem) }
            } else {
                return refuse("unexpected argument \"\(argument)\"")
            }
            index += 1
        }
        if let missing = finish(options) { return refuse(missing) }
        return .success(options)
    }

    /// `first` padded to `indent`, then `text` wrapped to `width`, following lines indented.
    static func wrap(_ text: String, first: String, indent: Int, width: Int) -> String {
        var result = ""
        var line = first.padding(toLength: indent, withPad: " ", startingAt: 0)
        if first.count + 1 > indent {
            result = first + "\n"
            line = String(repeating: " ", count: indent)
        }
        var lineHasWords = false
        for word in text.split(separator: " ") {
            if lineHasWords && line.count + 1 + word.count > width {
                result += line + "\n"
                line = String(repeating: " ", count: indent)
                lineHasWords = false
            }
            line += (lineHasWords ? " " : "") + word
            lineHasWords = true
        }
        return result + line + "\n"
    }
}
