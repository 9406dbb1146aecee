/// A type that shows views in the preview canvas, as SwiftUI's `PreviewProvider`.
///
/// Starboard finds every type conforming to it in the running program. Each preview whose view is
/// a registered component becomes one of that component's variants, named by
/// `.previewDisplayName(_:)`; every other preview becomes a catalogue entry of its own.
public protocol PreviewProvider: SendableMetatype {
    associatedtype Previews: View
    @ViewBuilder static var previews: Previews { get }
}

extension View {
    /// The name of the variant a preview becomes.
    public consuming func previewDisplayName(_ name: String?) -> some View {
        modifier(_PreviewNameModifier(name: name))
    }
}

/// Records a preview's name on the nodes its content made.
public struct _PreviewNameModifier: ViewModifier {
    public typealias Body = Never
    let name: String?

    public static func _makeNodes<C: View>(modifier: Self, content: C, in graph: inout ViewGraph) {
        let mark = graph.pending.count
        content._makeNodes(in: &graph)
        guard let name = modifier.name, graph.observer != nil else { return }
        for item in graph.pending[mark...] { graph.previewNames[item] = name }
    }
}

/// One preview of a provider: its name, its traits and the first view in it that the caller
/// looked for.
public struct CapturedPreview {
    public let name: String?
    public let view: Any?
    public var traits = PreviewTraits()
}

/// One preview found in the program, from a `#Preview` or a `PreviewProvider`.
public struct FoundPreview {
    /// The display name it was given, if any.
    public let name: String?
    /// Where a `#Preview` is declared; nil for a `PreviewProvider`'s preview.
    public let source: PreviewSource?
    /// The provider type's name, for a `PreviewProvider`'s preview.
    public let provider: String?
    /// Its place among its provider's previews (from 0); 0 for a `#Preview`.
    public let index: Int
    public let traits: PreviewTraits
    /// The first view in it the caller looked for (a registered component), if any.
    public let shown: Any?
    /// Makes the view this preview shows, and only it.
    public let makeView: @Sendable () -> AnyView

    /// Where Xcode groups it: its file for a `#Preview`, its provider type otherwise.
    public var group: String { source?.fileName ?? provider ?? "" }
}

/// A `PreviewProvider`'s preview at `index`: the provider's previews are built and all but that
/// one dropped, so it renders alone. It holds the previews' value, so the `@State` of a view at
/// their top lasts as long as the slice, across builds.
struct _PreviewSlice<P: PreviewProvider>: PrimitiveView {
    let previews: P.Previews
    let index: Int

    func _makeNodes(in graph: inout ViewGraph) {
        let mark = graph.pending.count
        let declared = graph.declaredCanvas
        previews._makeNodes(in: &graph)
        let made = graph.pending[mark...]
        let kept = made.count > index ? [made[made.startIndex + index]] : []
        graph.pending.removeSubrange(mark...)
        graph.pending.append(contentsOf: kept)
        // The canvas this preview's own modifiers asked for, not the first sibling's.
        graph.declaredCanvas = kept.first.flatMap { graph.previewCanvases[$0] } ?? declared
    }
}

/// Finds preview providers and what their previews show.
public enum Previews {
    /// Builds `provider`'s previews and returns, for each, its name and the first view for which
    /// `wanted` is true (a registered component, say).
    public static func capture(_ provider: any PreviewProvider.Type, wanted: @escaping (Any) -> Bool) -> [CapturedPreview] {
        func build<P: PreviewProvider>(_ type: P.Type) -> [CapturedPreview] {
            capture(view: P.previews, wanted: wanted)
        }
        return build(provider)
    }

    /// For each top-level view `view` leaves (each preview), its name, traits and the first view
    /// in it for which `wanted` is true.
    static func capture(view: some View, wanted: @escaping (Any) -> Bool) -> [CapturedPreview] {
        let seen = SeenViews()
        var graph = ViewGraph(limits: .standard)
        graph.observer = { view, nodeCount in
            if wanted(view) { seen.views.append((nodeCount, view)) }
        }
        withUnsafeMutablePointer(to: &graph) { graph in
            CurrentGraph.with(graph) { view._makeNodes(in: &graph.pointee) }
        }
        var previews: [CapturedPreview] = []
        var previous: Int32 = -1
        for item in graph.pending {
            // Nodes are made children first: item's views were seen after the previous item's
            // node was made and before its own.
            let view = seen.views.first { $0.nodeCount > Int(previous) && $0.nodeCount <= Int(item) }?.view
            let name = graph.previewNames.first { $0.key > previous && $0.key <= item }?.value
            let traits = graph.previewCanvases[item].map(PreviewTraits.init) ?? PreviewTraits()
            previews.append(CapturedPreview(name: name, view: view, traits: traits))
            previous = item
        }
        return previews
    }

    /// Every type in the running program that conforms to ``PreviewProvider``, in the order the
    /// Swift runtime lists them.
    public static func providers() -> [any PreviewProvider.Type] {
        let found = FoundProviders()
        enumerateMetadataSections(collectProviders, Unmanaged.passUnretained(found).toOpaque())
        return found.types
    }

    /// Every `#Preview` in the running program, in the order the Swift runtime lists them.
    public static func macroPreviews() -> [any _PreviewMacro.Type] {
        let found = FoundProviders()
        enumerateMetadataSections(collectProviders, Unmanaged.passUnretained(found).toOpaque())
        return found.macros
    }

    /// Every preview in the running program: `#Preview`s sorted by file and line, then each
    /// `PreviewProvider`'s previews in order. `wanted` picks the view ``FoundPreview/shown`` holds.
    ///
    /// A `#Preview`'s closure runs here only when the type it makes is one `wantedType` accepts
    /// (a registered component): any other runs first when it is rendered, so one that traps
    /// does so in a render, where a crash is isolated, not while the catalogue is made.
    /// A `PreviewProvider`'s previews are all built here, to find their names.
    public static func all(wanted: @escaping (Any) -> Bool, wantedType: (Any.Type) -> Bool = { _ in true }) -> [FoundPreview] {
        let found = FoundProviders()
        enumerateMetadataSections(collectProviders, Unmanaged.passUnretained(found).toOpaque())
        var previews: [FoundPreview] = []
        let macros = found.macros.sorted {
            ($0._previewSource.fileID, $0._previewSource.line) < ($1._previewSource.fileID, $1._previewSource.line)
        }
        for macro in macros {
            let traits = PreviewTraits(macro._previewTraits)
            // The block's traits as the modifiers they stand for, so the render lays it out so.
            let make: @Sendable () -> AnyView = {
                AnyView(macro._makePreview().previewLayout(traits.layout).previewInterfaceOrientation(traits.orientation))
            }
            let shown = wantedType(macro._previewContentType) ? capture(view: make(), wanted: wanted).first?.view : nil
            previews.append(FoundPreview(
                name: macro._previewName, source: macro._previewSource, provider: nil, index: 0,
                traits: traits, shown: shown, makeView: make
            ))
        }
        for provider in found.types {
            func slices<P: PreviewProvider>(_ type: P.Type) -> [FoundPreview] {
                capture(type, wanted: wanted).enumerated().map { index, preview in
                    FoundPreview(
                        name: preview.name, source: nil, provider: String(describing: type), index: index,
                        traits: preview.traits, shown: preview.view,
                        makeView: { AnyView(_PreviewSlice<P>(previews: P.previews, index: index)) }
                    )
                }
            }
            previews += slices(provider)
        }
        return previews
    }


    /// The non-generic types whose conformance records in one image's metadata sections name the
    /// protocol `protocolName` (module, then type).
    ///
    /// The layouts are the Swift runtime's (`MetadataSections`, `ProtocolConformanceDescriptor`,
    /// context descriptors), stable since Swift 5.
    fileprivate static func conformingTypes(in sections: UnsafeRawPointer, to protocolName: [String]) -> [Any.Type] {
        // version, base address and two words of the runtime's own, then ranges of
        // (start, length): protocols first, protocol conformances second.
        guard let start = sections.load(fromByteOffset: 48, as: UnsafeRawPointer?.self) else { return [] }
        let length = sections.load(fromByteOffset: 56, as: Int.self)
        var types: [Any.Type] = []
        var record = start
        while record < start + length {
            let conformance = relative(record)
            record += 4
            guard qualifiedName(indirectable(conformance)) == protocolName else { continue }
            let flags = (conformance + 12).load(as: UInt32.self)
            let typeDescriptor: UnsafeRawPointer
            switch (flags >> 3) & 7 {
            case 0: typeDescriptor = relative(conformance + 4)
            case 1: typeDescriptor = relative(conformance + 4).load(as: UnsafeRawPointer.self)
            default: continue
            }
            // Generic types need arguments to have metadata; previews are never generic.
            guard typeDescriptor.load(as: UInt32.self) & 0x80 == 0 else { continue }
            // The metadata accessor takes a request (0: complete) and returns the metadata.
            let accessor = unsafeBitCast(relative(typeDescriptor + 12), to: (@convention(c) (Int) -> UnsafeRawPointer).self)
            types.append(unsafeBitCast(accessor(0), to: Any.Type.self))
        }
        return types
    }

    private static func relative(_ field: UnsafeRawPointer) -> UnsafeRawPointer {
        field + Int(field.load(as: Int32.self))
    }

    /// A relative pointer whose lowest bit says it points to a pointer to the target.
    private static func indirectable(_ field: UnsafeRawPointer) -> UnsafeRawPointer {
        let offset = field.load(as: Int32.self)
        guard offset & 1 != 0 else { return field + Int(offset) }
        return (field + Int(offset & ~1)).load(as: UnsafeRawPointer.self)
    }

    /// A context descriptor's name with its parents' (module first).
    private static func qualifiedName(_ descriptor: UnsafeRawPointer) -> [String] {
        var names: [String] = []
        var current = descriptor
        while true {
            names.insert(String(cString: relative(current + 8).assumingMemoryBound(to: CChar.self)), at: 0)
            guard current.load(fromByteOffset: 4, as: Int32.self) != 0, names.count < 16 else { return names }
            current = indirectable(current + 4)
        }
    }
}

@_silgen_name("swift_enumerateAllMetadataSections")
private func enumerateMetadataSections(
    _ body: @convention(c) (UnsafeRawPointer, UnsafeMutableRawPointer?) -> Bool, _ context: UnsafeMutableRawPointer?
)

/// The views a capture looked for, with the number of nodes made before each.
private final class SeenViews {
    var views: [(nodeCount: Int, view: Any)] = []
}

/// What the metadata walk collects (one walk on one thread).
private final class FoundProviders {
    var types: [any PreviewProvider.Type] = []
    var macros: [any _PreviewMacro.Type] = []
}

/// Called by the runtime once per image.
private func collectProviders(_ sections: UnsafeRawPointer, _ context: UnsafeMutableRawPointer?) -> Bool {
    guard let context else { return false }
    let found = Unmanaged<FoundProviders>.fromOpaque(context).takeUnretainedValue()
    for type in Previews.conformingTypes(in: sections, to: ["StarboardUI", "PreviewProvider"]) {
        if let provider = type as? any PreviewProvider.Type { found.types.append(provider) }
    }
    for type in Previews.conformingTypes(in: sections, to: ["StarboardUI", "_PreviewMacro"]) {
        if let macro = type as? any _PreviewMacro.Type { found.macros.append(macro) }
    }
    return true
}
