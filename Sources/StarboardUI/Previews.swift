/// A type that shows views in the preview canvas, as SwiftUI's `PreviewProvider`.
///
/// Starboard finds every type conforming to it in the running program (the `#Preview` macro needs
/// swift-syntax, which a package here cannot fetch). Each preview whose view is a registered
/// component becomes one of that component's variants, named by `.previewDisplayName(_:)`.
public protocol PreviewProvider {
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

/// One preview of a provider: its name and the first view in it that the caller looked for.
public struct CapturedPreview {
    public let name: String?
    public let view: Any?
}

/// Finds preview providers and what their previews show.
public enum Previews {
    /// Builds `provider`'s previews and returns, for each, its name and the first view for which
    /// `wanted` is true (a registered component, say).
    public static func capture(_ provider: any PreviewProvider.Type, wanted: @escaping (Any) -> Bool) -> [CapturedPreview] {
        final class Seen { var views: [(nodeCount: Int, view: Any)] = [] }
        let seen = Seen()
        var graph = ViewGraph(limits: .standard)
        graph.observer = { view, nodeCount in
            if wanted(view) { seen.views.append((nodeCount, view)) }
        }
        func build<P: PreviewProvider>(_ type: P.Type, into graph: UnsafeMutablePointer<ViewGraph>) {
            CurrentGraph.with(graph) { P.previews._makeNodes(in: &graph.pointee) }
        }
        withUnsafeMutablePointer(to: &graph) { build(provider, into: $0) }
        var previews: [CapturedPreview] = []
        var previous: Int32 = -1
        for item in graph.pending {
            // Nodes are made children first: item's views were seen after the previous item's
            // node was made and before its own.
            let view = seen.views.first { $0.nodeCount > Int(previous) && $0.nodeCount <= Int(item) }?.view
            let name = graph.previewNames.first { $0.key > previous && $0.key <= item }?.value
            previews.append(CapturedPreview(name: name, view: view))
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

/// What the metadata walk collects (one walk on one thread).
private final class FoundProviders {
    var types: [any PreviewProvider.Type] = []
}

/// Called by the runtime once per image.
private func collectProviders(_ sections: UnsafeRawPointer, _ context: UnsafeMutableRawPointer?) -> Bool {
    guard let context else { return false }
    let found = Unmanaged<FoundProviders>.fromOpaque(context).takeUnretainedValue()
    for type in Previews.conformingTypes(in: sections, to: ["StarboardUI", "PreviewProvider"]) {
        if let provider = type as? any PreviewProvider.Type { found.types.append(provider) }
    }
    return true
}
