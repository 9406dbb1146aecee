import Foundation
import StarboardInspector

/// One render that `starboard snapshot` keeps as a file: a component's defaults or one of its
/// declared variants, with the file name it is stored under.
struct SnapshotRender: Sendable {
    let component: String
    /// The variant's name; nil for the defaults.
    let variant: String?
    /// The folder inside the snapshot directory (the component's name, made safe).
    let folder: String
    /// The file name without `.svg` (the variant's name, made safe).
    let baseName: String
    let svg: String
    /// The environment's name (`standard`, `dark`).
    var environment = "standard"
    /// False for a render of another shard: named (so its file is not obsolete), not rendered.
    var inShard = true

    /// What the render is across revisions and shards.
    var identity: ReviewIdentity { ReviewIdentity(entry: component, variant: variant, environment: environment) }

    /// How the render is named in messages: `RatingControl "Three stars"`, `RatingControl (defaults)`.
    var label: String {
        variant.map { "\(component) \"\($0)\"" } ?? "\(component) (defaults)"
    }

    /// The base name of the defaults' file. Parentheses cannot clash with a variant's name
    /// unless a variant is called exactly that, which ``all(in:)`` reports.
    static let defaultsBaseName = "(defaults)"

    /// Every render of every component, defaults first, in registry and declaration order; with
    /// a shard, only those in it are rendered (the others are there, ``inShard`` false, so that
    /// every name is checked for clashes and no file of theirs is taken for an obsolete one).
    /// The renders are made on `threads` threads, a component's on one of them, and come back in
    /// the same order as on one: the result does not depend on the number.
    static func all(in registry: Registry, shard: Shard = .whole, threads: Int = 1) throws(SnapshotError) -> [SnapshotRender] {
        // Named and checked for clashes first, in order, on this thread; then rendered.
        var planned: [[(render: SnapshotRender, values: PropertyValues, environment: RenderEnvironment)]] = []
        for component in registry.components {
            let folder = safeFileName(component.name)
            var taken: [String: String] = [:]  // lowercased base name → the render that took it
            var renders: [(render: SnapshotRender, values: PropertyValues, environment: RenderEnvironment)] = []
            func add(_ variant: String?, values: PropertyValues, environment: RenderEnvironment = .standard) throws(SnapshotError) {
                var baseName = variant.map(safeFileName) ?? defaultsBaseName
                if environment != .standard { baseName += " [\(environment.name)]" }
                let render = SnapshotRender(component: component.name, variant: variant, folder: folder, baseName: baseName, svg: "")
                // Case-insensitive, so a folder checked out on macOS holds the same files.
                if let other = taken[baseName.lowercased()] {
                    throw SnapshotError("\(render.label) and \(other) would both be stored as \"\(folder)/\(baseName).svg\"; rename one of them")
                }
                taken[baseName.lowercased()] = render.label
                let identity = ReviewIdentity(entry: component.name, variant: variant, environment: environment.name)
                renders.append((SnapshotRender(component: component.name, variant: variant, folder: folder, baseName: baseName, svg: "",
                                               environment: environment.name, inShard: shard.contains(identity.key)), values, environment))
            }
            try add(nil, values: component.defaults)
            for environment in component.environments where environment != .standard {
                try add(nil, values: component.defaults, environment: environment)
            }
            for variant in component.variants {
                try add(variant.name, values: variant.values)
            }
            planned.append(renders)
        }
        let jobs = zip(registry.components, planned).map { Job(component: $0.0, renders: $0.1) }
        let rendered = ParallelWork.map(jobs, threads: threads) { job in job.run() }
        var renders: [SnapshotRender] = []
        for result in rendered {
            // The first failure in registry order, whichever thread met it first.
            switch result {
            case .success(let list): renders += list
            case .failure(let error): throw error
            }
        }
        return renders
    }

    /// One component's renders, named; what a thread of ``all(in:shard:threads:)`` renders.
    private struct Job: Sendable {
        // A component's renders stay on one thread, as its code runs on one in the worker.
        let component: ComponentDefinition
        let renders: [(render: SnapshotRender, values: PropertyValues, environment: RenderEnvironment)]

        func run() -> Result<[SnapshotRender], SnapshotError> {
            var done: [SnapshotRender] = []
            for (render, values, environment) in renders {
                guard render.inShard else {
                    done.append(render)
                    continue
                }
                do {
                    let svg = try component.render(values, environment: environment.values).rendering.svg
                    done.append(SnapshotRender(component: render.component, variant: render.variant, folder: render.folder,
                                               baseName: render.baseName, svg: svg, environment: render.environment))
                } catch {
                    return .failure(SnapshotError("\(render.label) cannot be rendered: \(error.description)"))
                }
            }
            return .success(done)
        }
    }

    /// `name` as a file name that every common file system accepts and that reads like the name:
    /// path separators, characters Windows refuses, control characters and dots become `_` (no
    /// dots, so `X.new.svg` can never be another variant's file), and it is trimmed and shortened.
    static func safeFileName(_ name: String) -> String {
        let refused = Set("/\\:*?\"<>|.".unicodeScalars)
        var scalars = String.UnicodeScalarView()
        for scalar in name.unicodeScalars {
            let isControl = scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
            scalars.append(isControl || refused.contains(scalar) ? "_" : scalar)
        }
        var safe = String(scalars).trimmingCharacters(in: .whitespaces)
        if safe.utf8.count > 120 { safe = String(safe.prefix(80)) }
        return safe.isEmpty ? "_" : safe
    }
}

/// Why snapshots could not be made, read or written.
struct SnapshotError: Error, CustomStringConvertible, Sendable {
    let description: String
    init(_ description: String) { self.description = description }
}
