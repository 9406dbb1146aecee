import Dispatch
import Foundation
import StarboardInspector

/// Where "Save as variant" edits code: the package whose sources the running components were
/// built from (the one `serve --watch` rebuilds), and the file work, done off the service thread
/// on a queue of its own, one job at a time (two saves to one file never interleave).
public struct SourcePackage: Sendable, Equatable {
    /// The folder with `Package.swift`.
    public var root: String
    /// Whether a saved variant appears by itself: `serve --watch` rebuilds on the edit.
    public var rebuildsOnChange: Bool

    public init(root: String, rebuildsOnChange: Bool) {
        self.root = root
        self.rebuildsOnChange = rebuildsOnChange
    }
}

/// A file job the session core asks for: find a component's source, or write a variant into it.
struct SourceJob: Sendable {
    enum Kind: Sendable {
        /// Which file declares the type's variants, and its digest now.
        case locate
        /// Write (or with `write` false, only spell) the variant.
        case save(name: String, values: [Assignment], digest: String, write: Bool)
    }

    /// A property and its value, in declaration order.
    struct Assignment: Sendable {
        var name: String
        var value: PropertyValue
    }

    var connection: ConnectionID
    var id: JSONValue?
    var component: String
    var swiftType: String
    var kind: Kind
}

/// Carries out ``SourceJob``s against one ``SourcePackage`` (or refuses them all, saying why,
/// when the server runs outside a package).
final class SourceDesk: Sendable {
    let package: SourcePackage?
    private let queue = DispatchQueue(label: "starboard.sources", qos: .userInitiated)

    init(package: SourcePackage?) {
        self.package = package
    }

    /// The reply to a job, and after a variant was written, the `source` message with the
    /// file's new digest for the component's other windows (their digest no longer matches).
    struct Answer: Sendable {
        var reply: String
        var changed: String?
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
                return Answer(reply: ServerMessage.source(id: job.id, component: job.component, file: relative,
                                                          digest: VariantSource.digest(of: data), rebuilds: package?.rebuildsOnChange ?? false))
            } catch {
                return Answer(reply: ServerMessage.source(id: job.id, component: job.component, unavailable: error.description))
            }
        case .save(let name, let values, let digest, let write):
            do throws(VariantSourceError) {
                let (file, relative) = try locate(job)
                let saved = try VariantSource.save(name, values: values.map { ($0.name, $0.value) }, to: job.swiftType, file: file,
                                                   packageRoot: URL(fileURLWithPath: package!.root), expectedDigest: digest, write: write)
                let reply = ServerMessage.variantSaved(id: job.id, component: job.component, name: name, file: relative, entry: saved.entry,
                                                       digest: saved.digest, written: write, rebuilds: package!.rebuildsOnChange)
                let changed = write ? ServerMessage.source(id: nil, component: job.component, file: relative, digest: saved.digest,
                                                           rebuilds: package!.rebuildsOnChange) : nil
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
        let file = try VariantSource.locate(job.swiftType, in: root)
        let rootPath = root.standardizedFileURL.path
        let path = file.standardizedFileURL.path
        let relative = path.hasPrefix(rootPath + "/") ? String(path.dropFirst(rootPath.count + 1)) : path
        return (file, relative)
    }
}
