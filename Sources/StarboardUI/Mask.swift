extension View {
    /// Shows the view only where the views `mask` builds are opaque, as SwiftUI's
    /// `.mask(alignment:_:)`: the mask is offered the view's size and placed by `alignment`, and
    /// its alpha (not its colour) is what shows: a gradient to clear fades the view out, a text
    /// cuts the view to its letters, a shape filled at half opacity lets half through. Drawn as
    /// an SVG `<mask>` of `mask-type: alpha`. (A plain shape takes the ``mask(_:)`` that clips.)
    public consuming func mask<Mask: View>(alignment: Alignment = .center, @ViewBuilder _ mask: () -> Mask) -> some View {
        modifier(_MaskModifier(mask: mask(), alignment: alignment))
    }

    /// The older spelling of ``mask(alignment:_:)``, the mask centred.
    @_disfavoredOverload
    public consuming func mask<Mask: View>(_ mask: Mask) -> some View {
        modifier(_MaskModifier(mask: mask, alignment: .center))
    }
}

/// Which side of a mask a drawing group is: the mask's own drawing, written as a `<mask>`
/// definition, or the content the mask just defined applies to.
enum MaskPart {
    case definition
    case content
}

/// `.mask` with any view: each view of the content becomes a background layer node whose layer is
/// the mask (laid out as a background is, in the content's frame) in a definition group, and whose
/// content is a group that refers to it. The layer is placed first, so the writer has the mask
/// written (and its id, a hash of what it draws) by the time the content's group starts.
public struct _MaskModifier<Mask: View>: ViewModifier {
    public typealias Body = Never
    let mask: Mask
    let alignment: Alignment

    public static func _makeNodes<C: View>(modifier: Self, content: C, in graph: inout ViewGraph) {
        let mark = graph.pending.count
        content._makeNodes(in: &graph)
        // Each view of the content gets the mask, as any modifier on a group.
        for slot in mark..<graph.pending.count {
            guard graph.isOpen else { return }
            let layerMark = graph.pending.count
            graph.pending.append(graph.pending[slot])
            graph.wrapEach(from: layerMark, in: .group(GroupEffect(mask: .content)))
            let maskMark = graph.pending.count
            let outerAxis = graph.stackAxis
            graph.stackAxis = nil
            modifier.mask._makeNodes(in: &graph)
            graph.stackAxis = outerAxis
            graph.collapse(from: maskMark, into: .depth(alignment: modifier.alignment))
            // What the mask draws is never seen: assistive technology does not read it.
            var hidden = AccessibilityInfo()
            hidden.isHidden = true
            graph.wrapEach(from: maskMark, in: .accessibility(hidden))
            graph.wrapEach(from: maskMark, in: .group(GroupEffect(mask: .definition)))
            graph.addContainer(.layer(modifier.alignment, inFront: false), adoptingFrom: layerMark)
            graph.pending[slot] = graph.takeSingle()
        }
    }
}
