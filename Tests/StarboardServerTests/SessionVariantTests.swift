import Foundation
import Testing
@testable import StarboardServer
import StarboardComponents
import StarboardInspector
import StarboardSystem

/// "Save as variant" through the session core and the real ``SourceDesk``, on a throwaway copy of
/// the shipped components' sources.
@Suite("Save as variant")
struct SessionVariantTests {
    let registry = try! makeRegistry()
    let a = ConnectionID(rawValue: 1)
    let b = ConnectionID(rawValue: 2)

    /// A package folder with the shipped RatingControl.swift in Components/.
    func package() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("session-variant-\(UUID().uuidString)")
        let shipped = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Components/RatingControl.swift")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("Components"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: shipped, to: root.appendingPathComponent("Components/RatingControl.swift"))
        try Data("// swift-tools-version:6.0\n".utf8).write(to: root.appendingPathComponent("Package.swift"))
        return root
    }

    func save(_ name: String, revision: Int, digest: String, dryRun: Bool = false, id: Int) -> String {
        let request: JSONValue = .object([
            ("type", .string("saveVariant")), ("component", .string("RatingControl")), ("name", .string(name)),
            ("revision", .integer(revision)), ("digest", .string(digest)), ("dryRun", .bool(dryRun)), ("id", .integer(id)),
        ])
        return request.description
    }

    @Test func writesTheValuesThatDifferFromTheDefaultsInDeclarationOrder() throws {
        let root = try package()
        defer { try? FileManager.default.removeItem(at: root) }
        let file = root.appendingPathComponent("Components/RatingControl.swift")
        var session = try CoreHarness(registry: registry, connections: [a, b], package: SourcePackage(root: root.path, rebuildsOnChange: true))
        for connection in [a, b] { session.receive(#"{"type":"subscribe","component":"RatingControl"}"#, from: connection) }
        // rating before starCount in the request; starSize set to its default.
        session.receive(#"{"type":"set","component":"RatingControl","values":{"rating":2,"starCount":7,"starSize":{"width":44,"height":44}},"id":1}"#, from: a)
        session.answerAll()
        guard case .integer(let revision)? = session.read(a, type: "ack").last?["revision"] else {
            Issue.record("the set was not acknowledged")
            return
        }

        session.receive(#"{"type":"source","component":"RatingControl","id":2}"#, from: a)
        let source = try #require(session.read(a, type: "source").last)
        #expect(source["file"] == .string("Components/RatingControl.swift") && source["rebuilds"] == .bool(true))
        let before = try Data(contentsOf: file)
        let digest = try #require(source["digest"]?.stringValue)
        #expect(digest == VariantSource.digest(of: before))

        session.receive(save("Evening", revision: revision, digest: digest, dryRun: true, id: 3), from: a)
        let dry = try #require(session.read(a, type: "variantSaved").last)
        #expect(dry["entry"] == .string(#"Variant("Evening") { $0.starCount = 7; $0.rating = 2 },"#) && dry["written"] == .bool(false))
        #expect(try Data(contentsOf: file) == before)

        session.receive(save("Evening", revision: revision, digest: digest, id: 4), from: a)
        let saved = try #require(session.read(a, type: "variantSaved").last)
        #expect(saved["id"] == .integer(4) && saved["written"] == .bool(true))
        let after = try String(contentsOf: file, encoding: .utf8)
        #expect(after.contains("        Variant(\"Evening\") { $0.starCount = 7; $0.rating = 2 },\n    ]"))
        #expect(saved["digest"]?.stringValue == VariantSource.digest(of: Data(after.utf8)))
        // The other window learns the new digest; the saver has it in its reply.
        #expect(session.read(b, type: "source").last?["digest"] == saved["digest"])
        #expect(session.read(a, type: "source").count == 1)
    }

    /// Saving NFC "Café" and then NFD "Café" (or Ω U+2126 after Ω U+03A9) wrote both, and the
    /// package no longer built. A name saved is taken at once, compared as
    /// ``VariantName`` says, before any rebuild brings a new catalog.
    @Test func aNameSavedIsTakenInEverySpellingOfIt() throws {
        let root = try package()
        defer { try? FileManager.default.removeItem(at: root) }
        let file = root.appendingPathComponent("Components/RatingControl.swift")
        var session = try CoreHarness(registry: registry, connections: [a], package: SourcePackage(root: root.path, rebuildsOnChange: false))
        session.receive(#"{"type":"subscribe","component":"RatingControl"}"#, from: a)
        session.receive(#"{"type":"source","component":"RatingControl","id":1}"#, from: a)
        let digest = try #require(session.read(a, type: "source").last?["digest"]?.stringValue)
        session.receive(save("Caf\u{E9}", revision: 0, digest: digest, id: 2), from: a)
        let saved = try #require(session.read(a, type: "variantSaved").last)
        let newDigest = try #require(saved["digest"]?.stringValue)
        let written = try Data(contentsOf: file)
        for (id, spelling) in [(3, "Cafe\u{301}"), (4, "CAF\u{C9}"), (5, "cafe\u{301}")] {
            session.receive(save(spelling, revision: 0, digest: newDigest, id: id), from: a)
            let error = try #require(session.read(a, type: "error").last)
            #expect(error["id"] == .integer(id))
            #expect(error["message"]?.stringValue?.contains("already has a variant named") == true)
            #expect(error["message"]?.stringValue?.contains(VariantName.rule) == true)
        }
        #expect(try Data(contentsOf: file) == written)
        #expect(session.read(a, type: "variantSaved").count == 1)
        // What was written still builds: the registry takes it.
        #expect(session.read(a, type: "error").count == 3)
    }

    /// Every dry run left swiftc's TemporaryDirectory.* in $TMPDIR (373 in one session): the edit
    /// is parsed in a folder of its own, which is swiftc's TMPDIR too, and goes when it is done.
    @Test(.enabled(if: ChildProcess.find("swiftc") != nil, "the edit is parsed only with a toolchain"))
    func parsingAnEditLeavesNothingBehind() throws {
        let root = try package()
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("session-scratch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer {
            try? FileManager.default.removeItem(at: root)
            try? FileManager.default.removeItem(at: scratch)
        }
        let desk = SourceDesk(package: SourcePackage(root: root.path, rebuildsOnChange: false), scratchRoot: scratch)
        let digest = VariantSource.digest(of: try Data(contentsOf: root.appendingPathComponent("Components/RatingControl.swift")))
        for write in [false, true] {
            let job = SourceJob(connection: a, id: .integer(1), component: "RatingControl", swiftType: "RatingControl",
                                kind: .save(name: write ? "Kept" : "Tried", values: [], digest: digest, write: write))
            #expect(desk.answer(job).reply.kind == .variantSaved)
            #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path) == [])
        }
    }

    @Test func refusesAndLeavesTheFileByteIdentical() throws {
        let root = try package()
        defer { try? FileManager.default.removeItem(at: root) }
        let file = root.appendingPathComponent("Components/RatingControl.swift")
        var session = try CoreHarness(registry: registry, connections: [a], package: SourcePackage(root: root.path, rebuildsOnChange: false))
        session.receive(#"{"type":"subscribe","component":"RatingControl"}"#, from: a)
        session.receive(#"{"type":"source","component":"RatingControl","id":1}"#, from: a)
        let digest = try #require(session.read(a, type: "source").last?["digest"]?.stringValue)
        let original = try Data(contentsOf: file)

        func refusal(_ request: String) -> String {
            session.receive(request, from: a)
            return session.read(a, type: "error").last?["message"]?.stringValue ?? "no error"
        }
        // A name the catalog already has (declared or from a preview).
        #expect(refusal(save("Three stars", revision: 0, digest: digest, id: 2)).contains("already has a variant named \"Three stars\""))
        // Values that moved on since the page showed them.
        #expect(refusal(save("Evening", revision: 5, digest: digest, id: 3)).contains("the values changed (revision 5 is now 0)"))
        // A file edited since the page loaded it.
        #expect(refusal(save("Evening", revision: 0, digest: "0000000000000000-1", id: 4)).contains("changed on disk since the page loaded it"))
        // Names that are no names.
        #expect(refusal(save("", revision: 0, digest: digest, id: 5)).contains("a variant needs a name"))
        #expect(refusal(save("Tab\there", revision: 0, digest: digest, id: 6)).contains("without control"))
        #expect(refusal(save(String(repeating: "x", count: 81), revision: 0, digest: digest, id: 7)).contains("at most 80 characters"))
        #expect(try Data(contentsOf: file) == original)
        #expect(session.read(a, type: "variantSaved").isEmpty)
    }

    @Test func outsideAPackageSavingIsUnavailableAndSaysWhy() throws {
        var session = try CoreHarness(registry: registry, connections: [a])
        session.receive(#"{"type":"source","component":"RatingControl","id":1}"#, from: a)
        let source = try #require(session.read(a, type: "source").last)
        #expect(source["file"] == nil)
        #expect(source["unavailable"]?.stringValue?.contains("not started in a Swift package") == true)
        session.receive(save("Evening", revision: 0, digest: "x", id: 2), from: a)
        #expect(session.read(a, type: "error").last?["message"]?.stringValue?.contains("not started in a Swift package") == true)
    }
}

extension SessionVariantTests {
    @Test func windowsOfAnotherComponentInTheSameFileLearnTheNewDigest() throws {
        let root = try package()
        defer { try? FileManager.default.removeItem(at: root) }
        // RatingControl and PageControl declared in one file.
        let components = root.appendingPathComponent("Components")
        let shipped = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Components/PageControl.swift")
        let both = try String(contentsOf: components.appendingPathComponent("RatingControl.swift"), encoding: .utf8)
            + "\n" + String(contentsOf: shipped, encoding: .utf8)
        try FileManager.default.removeItem(at: components.appendingPathComponent("RatingControl.swift"))
        try Data(both.utf8).write(to: components.appendingPathComponent("Controls.swift"))

        var session = try CoreHarness(registry: registry, connections: [a, b], package: SourcePackage(root: root.path, rebuildsOnChange: false))
        session.receive(#"{"type":"subscribe","component":"RatingControl"}"#, from: a)
        session.receive(#"{"type":"subscribe","component":"PageControl"}"#, from: b)
        session.receive(#"{"type":"source","component":"RatingControl","id":1}"#, from: a)
        session.receive(#"{"type":"source","component":"PageControl","id":2}"#, from: b)
        let digest = try #require(session.read(a, type: "source").last?["digest"]?.stringValue)
        #expect(session.read(b, type: "source").last?["file"] == .string("Components/Controls.swift"))
        #expect(session.read(b, type: "source").last?["digest"]?.stringValue == digest)

        session.receive(save("Evening", revision: 0, digest: digest, id: 3), from: a)
        let saved = try #require(session.read(a, type: "variantSaved").last)
        // b watches PageControl, whose file RatingControl's save changed: it can save next without a reload.
        let pushed = try #require(session.read(b, type: "source").last)
        #expect(pushed["component"] == .string("PageControl") && pushed["id"] == nil && pushed["digest"] == saved["digest"])
        #expect(session.read(a, type: "source").count == 1, "the saver has the digest in its reply")
    }
}
