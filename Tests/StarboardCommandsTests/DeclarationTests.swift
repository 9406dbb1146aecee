import Testing
@testable import StarboardCommands

/// Options are declared once: the help lists exactly what is parsed, and errors come from the
/// same declaration.
@Suite("options declared once")
struct DeclarationTests {
    private func checkHelp<Options>(_ declaration: CommandDeclaration<Options>, usage: String) {
        #expect(usage == declaration.usage)
        #expect(usage.hasPrefix("USAGE: starboard \(declaration.name)"))
        for option in declaration.options {
            #expect(usage.contains("\n  " + option.spelled + " "), "\(declaration.name): \(option.spelled) missing from the help")
            let synopsis = usage.components(separatedBy: "\n\n")[0]
            #expect(synopsis.contains((option.required ? " " : "[") + option.names.last!), "\(declaration.name): \(option.spelled) missing from the synopsis")
        }
        for line in usage.split(separator: "\n") { #expect(line.count <= 100, "\(declaration.name): \(line)") }
    }

    @Test func everyDeclaredOptionIsInItsHelp() {
        checkHelp(ListCommand.declaration, usage: ListCommand.usage)
        checkHelp(SnapshotCommand.declaration, usage: SnapshotCommand.usage)
        checkHelp(ExportCommand.declaration, usage: ExportCommand.usage)
        checkHelp(NewCommand.declaration, usage: NewCommand.usage)
        checkHelp(RenderCommand.declaration, usage: RenderCommand.usage)
        checkHelp(AuditCommand.declaration, usage: AuditCommand.usage)
        #expect(NewCommand.usage.hasPrefix("USAGE: starboard new NAME [--package DIR]"))
        #expect(ExportCommand.usage.hasPrefix("USAGE: starboard export --out DIR [--web DIR] [--jobs N]\n"))
    }

    @Test func everyDeclaredOptionParses() throws {
        let snapshot = try SnapshotCommand.parse(["--check", "--dir", "Goldens"]).get()
        #expect(snapshot == SnapshotCommand.Options(directory: "Goldens", check: true, directoryGiven: true))
        let export = try ExportCommand.parse(["-o", "site", "--web", "Page"]).get()
        #expect(export == ExportCommand.Options(output: "site", webRoot: "Page"))
        let new = try NewCommand.declaration.parse(["PriceTag", "--package", "P", "--folder", "F", "--registry", "R"], into: .init()).get()
        #expect(new == NewCommand.Options(name: "PriceTag", package: "P", folder: "F", registry: "R"))
        #expect(try ListCommand.declaration.parse(["--json"], into: false).get())
    }

    @Test(arguments: [
        (["new"], "new needs a component name"),
        (["new", "A", "B"], "unexpected argument \"B\""),
        (["new", "A", "--registry"], "--registry needs a file"),
        (["new", "A", "--folder", ""], "--folder needs a folder"),
        (["export", "--web", "x"], "export needs --out DIR"),
        (["list", "extra"], "unexpected argument \"extra\""),
    ])
    func problemsNameTheOptionAndWhatItNeeds(arguments: [String], message: String) {
        guard case .output(let output) = StarboardCommand.parse(arguments) else {
            Issue.record("expected an error")
            return
        }
        #expect(output.exitCode == 2)
        #expect(output.stderr.contains("starboard: " + message), "\(output.stderr)")
        #expect(output.stderr.contains("USAGE: starboard \(arguments[0])"))
    }

    @Test func helpTextWrapsUnderItsOption() {
        let text = CommandDeclaration<Bool>.wrap("one two three four", first: "  --flag", indent: 12, width: 24)
        #expect(text == "  --flag    one two\n            three four\n")
        let long = CommandDeclaration<Bool>.wrap("x", first: "  --a-very-long-option VALUE", indent: 12, width: 40)
        #expect(long == "  --a-very-long-option VALUE\n            x\n")
    }
}
