import Foundation
import Testing
import StarboardUI
@testable import StarboardInspector

@Suite("Variant source")
struct VariantSourceTests {
    /// The shipped RatingControl's source, read from the package.
    static let ratingControl: String = {
        let components = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Components")
        return (try? String(contentsOf: components.appendingPathComponent("RatingControl.swift"), encoding: .utf8)) ?? ""
    }()

    @Test func addsALineBesideTheOthersAsAPersonWould() throws {
        let source = Self.ratingControl
        try #require(source.contains("Variant(\"Large\")"))
        let edited = try VariantSource.adding("Evening", values: [.init("starCount", .integer(7)), .init("rating", .integer(6))], to: "RatingControl", in: source)
        let before = source.split(separator: "\n", omittingEmptySubsequences: false)
        let after = edited.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(after.count == before.count + 1)
        let large = try #require(before.firstIndex { $0.contains("Variant(\"Large\")") })
        #expect(after[large + 1] == "        Variant(\"Evening\") { $0.starCount = 7; $0.rating = 6 },")
        // Everything else is byte for byte as it was.
        var rest = after
        rest.remove(at: large + 1)
        #expect(rest == before)
    }

    /// The edited RatingControl.swift, every kind's spelling in its variant, type-checks with
    /// `swiftc` against the modules `swift build` made.
    @Test func theEditedSourceCompiles() throws {
        let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let modules = repo.appendingPathComponent(".build/debug/Modules")
        try #require(FileManager.default.fileExists(atPath: modules.appendingPathComponent("StarboardInspector.swiftmodule").path),
                     "no built modules at \(modules.path); run `swift build`")
        var edited = try VariantSource.adding("Evening", values: [
            .init("starCount", .integer(7)), .init("starSize", .size(Size(width: 30, height: 30.5))), .init("spacing", .double(0.5)), .init("rating", .integer(6)),
        ], to: "RatingControl", in: Self.ratingControl)
        edited += "\nenum Probe: String, InspectableChoice { case north, southEast = \"south-east\" }\n"
        edited += "struct EveryKind: Component {\n    @Inspectable var on = false\n    @Inspectable var name = \"x\"\n"
        edited += "    @Inspectable var origin = Point(x: 0, y: 0)\n    @Inspectable var tint = Color.black\n    @Inspectable var turn = Angle.zero\n"
        edited += "    @Inspectable var heading = Probe.north\n    @Inspectable var due = CalendarDate(year: 2026, month: 1, day: 1)\n"
        edited += "    static let variants = [\n        Variant<EveryKind>(\"Plain\"),\n    ]\n    var body: some View { Text(name) }\n}\n"
        edited = try VariantSource.adding("All", values: [
            .init("on", .bool(true)), .init("name", .string("Say \"hi\" \\ ☃️\n")), .init("origin", .point(Point(x: -1, y: 2.5))),
            .init("tint", .color(Color(red8: 255, green8: 136, blue8: 0, alpha8: 128))), .init("turn", .angle(90)),
            .init("heading", .choice("south-east"), options: [ChoiceOption(value: "south-east", label: "South East", caseName: "southEast")]), .init("due", .date(CalendarDate(year: 2027, month: 2, day: 28))),
        ], to: "EveryKind", in: edited)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("variant-compile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("RatingControl.swift")
        try Data(edited.utf8).write(to: file)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        // The C beneath StarboardUI and StarboardSystem, which the client's compiler reads through
        // their module maps.
        let cModules = ["CStarboardFreeType", "CStarboardHarfBuzz", "CStarboardFontconfig", "CStarboardFriBidi", "CStarboardSystem/include"].flatMap {
            ["-Xcc", "-fmodule-map-file=\(repo.path)/Sources/\($0)/module.modulemap"]
        }
        process.arguments = ["swiftc", "-typecheck", file.path, "-I", modules.path] + cModules
            + ["-Xcc", "-I/usr/include/freetype2", "-Xcc", "-I/usr/include/harfbuzz", "-Xcc", "-I/usr/include/fribidi"]
        let pipe = Pipe()
        process.standardError = pipe
        try process.run()
        let errors = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "the edited file does not compile:\n\(errors)")
        #expect(edited.contains("Variant(\"Evening\") { $0.starCount = 7; $0.starSize = Size(width: 30, height: 30.5); $0.spacing = 0.5; $0.rating = 6 },"))
    }

    @Test func everyKindIsSpelledAsComponentCodeSpellsIt() throws {
        let cases: [(PropertyValue, String)] = [
            (.integer(-3), "-3"), (.double(0.5), "0.5"), (.bool(true), "true"),
            (.string("Say \"hi\" \\ ☃️\n"), #""Say \"hi\" \\ ☃️\n""#),
            (.size(Size(width: 30, height: 99.5)), "Size(width: 30, height: 99.5)"),
            (.point(Point(x: -10, y: 20.5)), "Point(x: -10, y: 20.5)"), (.angle(90), ".degrees(90)"),
            (.choice("summer"), ".summer"), (.choice("south-east"), #".init(rawValue: "south-east")!"#),
            (.date(CalendarDate(year: 2027, month: 2, day: 28)), "CalendarDate(year: 2027, month: 2, day: 28)"),
            (.color(Color(red8: 255, green8: 136, blue8: 0)), "Color(red8: 255, green8: 136, blue8: 0)"),
            (.color(Color(red8: 255, green8: 136, blue8: 0, alpha8: 128)), "Color(red8: 255, green8: 136, blue8: 0, alpha8: 128)"),
        ]
        for (value, spelled) in cases { #expect(VariantSource.swiftLiteral(value) == spelled) }
        // With the options, a choice is spelled by its case name, whatever its raw value.
        let options = [ChoiceOption(value: "sm", label: "Small", caseName: "small"), ChoiceOption(value: "x", label: "X", caseName: "init")]
        #expect(VariantSource.swiftLiteral(.choice("sm"), options: options) == ".small")
        #expect(VariantSource.swiftLiteral(.choice("x"), options: options) == #".init(rawValue: "x")!"#)
        // What would hide in a literal is written as an escape.
        #expect(VariantSource.swiftLiteral(.string("a\u{202E}b\u{2028}c\u{85}d")) == #""a\u{202E}b\u{2028}c\u{85}d""#)
    }

    @Test func aVariantWithNoChangesAndAnEmptyListAreWrittenToo() throws {
        let source = """
        struct Chip: Component {
            @Inspectable var text = "x"
            static let variants: [Variant<Chip>] = [
            ]
            var body: some View { Text(text) }
        }
        """
        let edited = try VariantSource.adding("Plain", values: [], to: "Chip", in: source)
        #expect(edited.contains("    static let variants: [Variant<Chip>] = [\n        Variant<Chip>(\"Plain\"),\n    ]"))
        let again = try VariantSource.adding("Other", values: [.init("text", .string("y"))], to: "Chip", in: edited)
        #expect(again.contains("        Variant<Chip>(\"Plain\"),\n        Variant(\"Other\") { $0.text = \"y\" },\n    ]"))
    }

    @Test func refusesWhatItCannotDoAndSaysWhy() throws {
        let source = Self.ratingControl
        #expect(throws: VariantSourceError("no `struct Nowhere` with a body was found in the file")) {
            try VariantSource.adding("A", values: [], to: "Nowhere", in: source)
        }
        // StarButton is in the same file but has no variants list.
        #expect(throws: VariantSourceError("StarButton has no `static let variants = [ … ]` list to add to")) {
            try VariantSource.adding("A", values: [], to: "StarButton", in: source)
        }
        #expect(throws: VariantSourceError("RatingControl already has a variant named \"Three stars\"")) {
            try VariantSource.adding("Three stars", values: [], to: "RatingControl", in: source)
        }
        #expect(throws: VariantSourceError("RatingControl already has a variant named \"No rating\"")) {
            try VariantSource.adding("No rating", values: [], to: "RatingControl", in: source)
        }
        #expect(throws: VariantSourceError("a variant needs a name")) {
            try VariantSource.adding("  ", values: [], to: "RatingControl", in: source)
        }
    }

    /// NFD "Café" beside NFC "Café", or Ω U+2126 beside Ω U+03A9, made a file whose package no
    /// longer built ("declares two variants with the same name"). The names in the file are read
    /// as Swift reads them (escapes, raw strings) and compared as ``VariantName`` says.
    @Test(arguments: [
        (#"Variant("Caf\#u{E9}")"#, "Cafe\u{301}"),
        (#"Variant("Cafe\#u{301}")"#, "Caf\u{E9}"),
        (#"Variant("Caf\u{E9}")"#, "Cafe\u{301}"),
        (##"Variant<RatingControl>(#"Caf\##u{E9}"#)"##, "CAF\u{C9}"),
        (#"Variant("\#u{2126}hm")"#, "\u{3A9}HM"),
        (#"Variant("Say \"hi\"")"#, "say \"HI\""),
    ])
    func aNameTheFileHasInAnotherSpellingIsRefused(listed: String, name: String) throws {
        let source = "struct Sign: Component {\n    static let variants = [\n        \(listed) { $0.rating = 1 },\n    ]\n}\n"
        do {
            _ = try VariantSource.adding(name, values: [], to: "Sign", in: source)
            Issue.record("\(name) was added beside \(listed)")
        } catch {
            #expect(error.description.contains("already has a variant named"))
            #expect(error.description.contains(VariantName.rule))
        }
    }

    @Test func namesOfTheSameTextAreTheSameNameAndOthersAreNot() {
        #expect(VariantName.same("Caf\u{E9}", "Cafe\u{301}"))
        #expect(VariantName.same("\u{2126}", "\u{3A9}"))
        #expect(VariantName.same("Evening", "EVENING"))
        #expect(!VariantName.same("\u{FB01}le", "file"), "a compatibility form is other text")
        #expect(!VariantName.same("Evening", "Evening 2"))
        // A raw string's backslash is a backslash.
        #expect(VariantSource.listedNames(in: ##"[Variant(#"a\u{E9}"#), Variant("b\u{E9}"), Variant("unclosed)]"##) == [#"a\u{E9}"#, "b\u{E9}"])
    }

    /// After `sudo make serve` a save left the developer's file to root. The new file takes the
    /// old one's owner and group; when that cannot be, nothing is written and the error says whose it is.
    @Test(.enabled(if: getuid() == 0, "changing a file's owner needs root"))
    func savingKeepsTheFilesOwnerAndGroup() throws {
        let package = FileManager.default.temporaryDirectory.appendingPathComponent("variant-owner-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: package.appendingPathComponent("Components"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: package) }
        let file = package.appendingPathComponent("Components/RatingControl.swift")
        try Data(Self.ratingControl.utf8).write(to: file)
        #expect(chown(file.path, 12345, 23456) == 0)
        try VariantSource.save("Owned", values: [], to: "RatingControl", file: file, packageRoot: package,
                               expectedDigest: VariantSource.digest(of: Data(Self.ratingControl.utf8)))
        var status = stat()
        #expect(stat(file.path, &status) == 0)
        #expect(status.st_uid == 12345 && status.st_gid == 23456)
        #expect(try String(contentsOf: file, encoding: .utf8).contains(#"Variant("Owned")"#))
    }

    /// A server killed while saving left `.RatingControl.swift.starboard-PID.tmp` for good: the
    /// next save removes those whose process is gone, and leaves a live one's.
    @Test func aKilledServersTemporaryFileGoesWithTheNextSave() throws {
        let package = FileManager.default.temporaryDirectory.appendingPathComponent("variant-stale-\(UUID().uuidString)")
        let folder = package.appendingPathComponent("Components")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: package) }
        let file = folder.appendingPathComponent("RatingControl.swift")
        try Data(Self.ratingControl.utf8).write(to: file)
        // pid 4194304 is above Linux's pid_max: no such process.
        let stale = ".RatingControl.swift.starboard-4194304.tmp"
        let live = ".RatingControl.swift.starboard-1.tmp"
        for name in [stale, live] { #expect(FileManager.default.createFile(atPath: folder.appendingPathComponent(name).path, contents: Data("half".utf8))) }
        try VariantSource.save("Fresh", values: [], to: "RatingControl", file: file, packageRoot: package,
                               expectedDigest: VariantSource.digest(of: Data(Self.ratingControl.utf8)))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == [live, "RatingControl.swift"])
    }

    @Test func anOwnerThatCannotBeKeptIsRefused() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("variant-owner-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("new.swift").path
        #expect(FileManager.default.createFile(atPath: path, contents: Data()))
        let refused = { (_: String, _: uid_t, _: gid_t) -> Int32 in
            errno = EPERM
            return -1
        }
        #expect(throws: VariantSourceError("cannot write Components/RatingControl.swift keeping its owner and group (user 12345, group 23456): "
                                           + "Operation not permitted; nothing was written (start the server as the file's owner)")) {
            try VariantSource.keepOwner(uid: 12345, gid: 23456, of: "Components/RatingControl.swift", on: path, change: refused)
        }
        // The same owner needs no change.
        var status = stat()
        #expect(stat(path, &status) == 0)
        try VariantSource.keepOwner(uid: status.st_uid, gid: status.st_gid, of: "x", on: path, change: refused)
        // A new file that is gone is named as the file it was to replace, with the system's words.
        #expect(throws: VariantSourceError("cannot write Components/RatingControl.swift: No such file or directory")) {
            try VariantSource.keepOwner(uid: 12345, gid: 23456, of: "Components/RatingControl.swift", on: path + ".gone", change: refused)
        }
    }

    /// `chown` interrupted by a signal is tried again (``SystemCall/retrying(_:_:)``), not refused.
    @Test func anInterruptedChangeOfOwnerIsTriedAgain() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("variant-owner-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("new.swift").path
        #expect(FileManager.default.createFile(atPath: path, contents: Data()))
        var calls = 0
        try VariantSource.keepOwner(uid: 12345, gid: 23456, of: "x", on: path) { _, _, _ in
            calls += 1
            if calls < 3 {
                errno = EINTR
                return -1
            }
            return 0
        }
        #expect(calls == 3)
    }

    @Test func savingRefusesFilesOutsideThePackageOrChangedOnDiskAndLeavesThemAsTheyWere() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("variant-source-\(UUID().uuidString)")
        let package = folder.appendingPathComponent("Package")
        let outside = folder.appendingPathComponent("Elsewhere")
        try FileManager.default.createDirectory(at: package.appendingPathComponent("Components"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = Self.ratingControl
        let inside = package.appendingPathComponent("Components/RatingControl.swift")
        let stray = outside.appendingPathComponent("RatingControl.swift")
        try Data(source.utf8).write(to: inside)
        try Data(source.utf8).write(to: stray)

        // Outside the package, also through a symbolic link that sits inside it.
        let link = package.appendingPathComponent("Components/Link.swift")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: stray)
        for file in [stray, link] {
            #expect(throws: VariantSourceError.self) {
                try VariantSource.save("Evening", values: [.init("rating", .integer(2))], to: "RatingControl", file: file, packageRoot: package, expectedDigest: VariantSource.digest(of: Data(source.utf8)))
            }
        }
        #expect(try Data(contentsOf: stray) == Data(source.utf8))

        // Changed on disk since the page read it.
        let changed = source + "// edited in an editor\n"
        try Data(changed.utf8).write(to: inside)
        do {
            try VariantSource.save("Evening", values: [.init("rating", .integer(2))], to: "RatingControl", file: inside, packageRoot: package, expectedDigest: VariantSource.digest(of: Data(source.utf8)))
            Issue.record("a file changed on disk was edited")
        } catch {
            #expect(error.description.contains("changed on disk since the page loaded it"))
        }
        #expect(try Data(contentsOf: inside) == Data(changed.utf8))

        // No variants list: refused, byte-identical.
        do {
            try VariantSource.save("Evening", values: [], to: "StarButton", file: inside, packageRoot: package, expectedDigest: VariantSource.digest(of: Data(changed.utf8)))
            Issue.record("a type without a variants list was edited")
        } catch {
            #expect(error.description.contains("no `static let variants"))
        }
        #expect(try Data(contentsOf: inside) == Data(changed.utf8))

        // A dry run says what it would write, and writes nothing.
        let dry = try VariantSource.save("Evening", values: [.init("rating", .integer(2))], to: "RatingControl", file: inside, packageRoot: package,
                                         expectedDigest: VariantSource.digest(of: Data(changed.utf8)), write: false)
        #expect(dry.entry == "Variant(\"Evening\") { $0.rating = 2 },")
        #expect(try Data(contentsOf: inside) == Data(changed.utf8))

        // And when all is well, the file has the new variant, and the digest returned is the new file's.
        let saved = try VariantSource.save("Evening", values: [.init("rating", .integer(2))], to: "RatingControl", file: inside, packageRoot: package,
                                           expectedDigest: VariantSource.digest(of: Data(changed.utf8)))
        let text = try String(contentsOf: inside, encoding: .utf8)
        #expect(text.contains("        Variant(\"Evening\") { $0.rating = 2 },\n    ]"))
        #expect(text.hasSuffix("// edited in an editor\n"))
        #expect(saved == dry && saved.digest == VariantSource.digest(of: Data(text.utf8)))

        // The file keeps its mode; a read-only one is refused, untouched.
        #expect((try FileManager.default.attributesOfItem(atPath: inside.path)[.posixPermissions] as? NSNumber)?.intValue == 0o644)
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: inside.path)
        let second = try VariantSource.save("Late", values: [], to: "RatingControl", file: inside, packageRoot: package, expectedDigest: saved.digest)
        #expect((try FileManager.default.attributesOfItem(atPath: inside.path)[.posixPermissions] as? NSNumber)?.intValue == 0o640)
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: inside.path)
        let protected = try Data(contentsOf: inside)
        #expect(throws: VariantSourceError("Components/RatingControl.swift is read-only (mode 444); Starboard does not write files you protected")) {
            try VariantSource.save("Later", values: [], to: "RatingControl", file: inside, packageRoot: package, expectedDigest: second.digest)
        }
        #expect(try Data(contentsOf: inside) == protected)
        #expect(try FileManager.default.contentsOfDirectory(atPath: inside.deletingLastPathComponent().path).sorted() == ["Link.swift", "RatingControl.swift"],
                "no temporary file is left behind")

        // A file in a hidden folder of the package (a dependency's checkout under .build) is not the package's.
        let checkout = package.appendingPathComponent(".build/checkouts/Other/RatingControl.swift")
        try FileManager.default.createDirectory(at: checkout.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(source.utf8).write(to: checkout)
        #expect(throws: VariantSourceError.self) {
            try VariantSource.save("Evening", values: [], to: "RatingControl", file: checkout, packageRoot: package,
                                   expectedDigest: VariantSource.digest(of: Data(source.utf8)))
        }
        #expect(try Data(contentsOf: checkout) == Data(source.utf8))
    }

    @Test func theDigestTellsEveryEditApart() {
        let source = Data(Self.ratingControl.utf8)
        #expect(VariantSource.digest(of: source) == VariantSource.digest(of: Data(Self.ratingControl.utf8)))
        var edited = source
        edited[edited.count / 2] ^= 1
        #expect(VariantSource.digest(of: edited) != VariantSource.digest(of: source))
        #expect(VariantSource.digest(of: source + Data([10])) != VariantSource.digest(of: source))
        #expect(VariantSource.digest(of: Data()) == "cbf29ce484222325-0")
    }

    @Test func findsTheOneFileThatDeclaresTheVariantsOrSaysWhyNot() throws {
        let package = FileManager.default.temporaryDirectory.appendingPathComponent("variant-locate-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: package) }
        func write(_ path: String, _ text: String) throws {
            let url = package.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        try write("Sources/Kit/Chip.swift", "struct Chip: Component {\n    static let variants = [\n        Variant<Chip>(\"Plain\"),\n    ]\n}\n")
        // Mentions of the type elsewhere, a longer name, and a declaration without variants do not count.
        try write("Sources/Kit/Use.swift", "let chip = Chip()\nstruct ChipRow { static let variants = [1] }\nextension Chip { var x: Int { 1 } }\n")
        try write("Sources/Kit/.hidden/Chip.swift", "struct Chip { static let variants = [] }\n")
        try write("Tests/KitTests/Chip.swift", "struct Chip { static let variants = [] }\n")
        try write("Sources/Kit/Tag.swift", "struct Tag: Component {\n    var body: some View { EmptyView() }\n}\n")

        let found = try VariantSource.locate("Chip", in: package)
        #expect(found.lastPathComponent == "Chip.swift" && found.path.hasSuffix("Sources/Kit/Chip.swift"))
        do {
            _ = try VariantSource.locate("Tag", in: package)
            Issue.record("a type without a variants list was located")
        } catch {
            #expect(error.description.contains("Tag (in Sources/Kit/Tag.swift) has no `static let variants"))
            #expect(error.description.contains("static let variants: [Variant<Tag>] = []"))
        }
        do {
            _ = try VariantSource.locate("Badge", in: package)
            Issue.record("a type declared nowhere was located")
        } catch {
            #expect(error.description.contains("no Swift file in Sources/ declares it"))
        }
        try write("Components/Chip.swift", "extension Chip {\n    static let variants = [Variant<Chip>(\"Other\")]\n}\n")
        do {
            _ = try VariantSource.locate("Chip", in: package)
            Issue.record("two files with variants of one type: one was picked")
        } catch {
            #expect(error.description.contains("Components/Chip.swift, Sources/Kit/Chip.swift"))
        }
    }
}
