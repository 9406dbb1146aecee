import Dispatch
import Foundation
import StarboardInspector
import StarboardSystem
import StarboardLocking

/// A file job the session core asks for: find a component's source, or write a variant into it.
struct SourceJob: Sendable {
    enum Kind: Sendable {
        /// Which file declares the type's variants, and its digest now.
        case locate
        /// Write (or with `write` false, only spell) the variant.
        case save(name: String, values: [VariantSource.Assignment], digest: String, write: Bool)
    }

    var connection: ConnectionID
    var id: JSONValue?
    var component: String
    var swiftType: String
    var kind: Kind
}

/// Carries out ``SourceJob``s against one ``SourcePackage`` (or refuses them all, saying why,
/// when the server runs outside a package), off the service thread on a queue of its own, one
/// job at a time (two saves to one file never interleave).
///
/// The file found for a type is remembered and only checked again next time (a dry run comes
/// with every pause in typing); the package is searched again when it no longer declares the
/// list. An edit is parsed with `swiftc -parse` before it is written, when the toolchain is
/// at hand, so a line that would break the build is refused instead.
final class SourceDesk: Sendable {
    let package: SourcePackage?
    private let queue = DispatchQueue(label: "starboard.sources", qos: .userInitiated)
    /// The file that declared each type's variants list when last looked for.
    private let located = Locked<Located>(Located())
    /// What has been looked up: each type's file, and each component's type.
    private struct Located {
        var files: [String: URL] = [:]
        var types: [String: String] = [:]
    }
    private let swiftc = ChildProcess.find("swiftc")
    /// Where an edit is written for `swiftc -parse`, each in a folder of its own that goes after.
    private let scratchRoot: URL

    init(package: SourcePackage?, scratchRoot: URL = FileManager.default.temporaryDirectory) {
        self.package = package
        self.scratchRoot = scratchRoot
    }

    /// The reply to a job, and after a variant was written, a `source` message with the file's
    /// new digest for each component known to live in that file (their windows' digest no
    /// longer matches), by component.
    struct Answer: Sendable {
        var reply: ServerMessage
        var changed: [(component: String, message: ServerMessage)] = []
    }

    /// Runs `job` on the desk's queue; `done` gets the answer.
    func run(_ job: SourceJob, done: @escaping @Sendable (Answer) -> Void) {
        queue.async { done(self.answer(job)) }
    }

    /// The reply to `job`: a `source` or `variantSaved` message, or an `error` that says why not.
    func answer(_ job: SourceJob) -> Answer {
        switch job.kind {
        case .locate:
            do throws(VariantSourceError) {
                let (file, relative) = try locate(job)
                guard let data = FileManager.default.contents(atPath: file.path) else {
                    throw VariantSourceError("cannot read \(relative)")
                }
                return Answer(reply: ServerMessage.source(id: job.id, component: job.component,
                                                          .found(file: relative, digest: VariantSource.digest(of: data), rebuilds: package?.rebuildsOnChange ?? false)))
            } catch {
                return Answer(reply: ServerMessage.source(id: job.id, component: job.component, .unavailable(error.description)))
            }
        case .save(let name, let values, let digest, let write):
            do throws(VariantSourceError) {
                let (file, relative) = try locate(job)
                let saved = try VariantSource.save(name, values: values, to: job.swiftType, file: file,
                                                   packageRoot: URL(fileURLWithPath: package!.root), expectedDigest: digest, write: write,
                                                   check: { edited throws(VariantSourceError) in try parses(edited, as: relative) })
                let reply = ServerMessage.variantSaved(id: job.id, component: job.component, name: name, file: relative, entry: saved.entry,
                                                       digest: saved.digest, written: write, rebuilds: package!.rebuildsOnChange)
                guard write else { return Answer(reply: reply) }
                let sharing = located.withLock { known in
                    known.types.filter { known.files[$0.value] == file }.keys.sorted()
                }
                let changed = Set(sharing + [job.component]).sorted().map { component in
                    (component, ServerMessage.source(id: nil, component: component, .found(file: relative, digest: saved.digest, rebuilds: package!.rebuildsOnChange)))
                }
                return Answer(reply: reply, changed: changed)
            } catch {
                let verb = write ? "cannot save" : "would not save"
                return Answer(reply: ServerMessage.error(RequestError(id: job.id, message: "\(job.component): \(verb) the variant: \(error.description)",
                                                                      component: job.component)))
            }
        }
    }

    /// The file that declares the job's variants list, and its path from the package root.
    private func locate(_ job: SourceJob) throws(VariantSourceError) -> (URL, String) {
        guard let package else {
            throw VariantSourceError("the server was not started in a Swift package (no Package.swift in its folder or above), "
                + "so it does not know where the component's source is; run `serve` from your package")
        }
        let root = URL(fileURLWithPath: package.root)
        let file: URL
        if let known = located.withLock({ $0.files[job.swiftType] }), VariantSource.declaresVariants(of: job.swiftType, in: known) {
            file = known
        } else {
            file = try VariantSource.locate(job.swiftType, in: root)
        }
        located.withLock { known in
            known.files[job.swiftType] = file
            known.types[job.component] = job.swiftType
        }
        let rootPath = root.standardizedFileURL.path
        let path = file.standardizedFileURL.path
        let relative = path.hasPrefix(rootPath + "/") ? String(path.dropFirst(rootPath.count + 1)) : path
        return (file, relative)
    }

    /// Refuses `source` when `swiftc -parse` finds an error in it (skipped without a toolchain).
    private func parses(_ source: String, as relative: String) throws(VariantSourceError) {
        guard let swiftc else { return }
        // A folder of its own, which is swiftc's TMPDIR too: it leaves a TemporaryDirectory.* behind
        // on every run (373 in one session), and goes with the folder.
        let folder = scratchRoot.appendingPathComponent("starboard-variant-\(UUID().uuidString)")
        let scratch = folder.appendingPathComponent("Edited.swift")
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
            try Data(source.utf8).write(to: scratch)
            var environment = ProcessInfo.processInfo.environment
            environment["TMPDIR"] = folder.path
            let result = try ChildProcess.run(swiftc, arguments: ["-parse", scratch.path], stderr: .stdout, environment: environment)
            guard result.succeeded else {
                let first = result.stdoutText.split(separator: "\n").first { $0.contains("error:") }.map(String.init) ?? result.stdoutText
                throw VariantSourceError("the edited \(relative) would not parse, so nothing was written: "
                    + first.replacingOccurrences(of: scratch.path, with: relative))
            }
        } catch let error as VariantSourceError {
            throw error
        } catch {
            // No toolchain to ask is no reason to refuse: the list was found and checked already.
            return
        }
    }
}
