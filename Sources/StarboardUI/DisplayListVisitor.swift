/// Something that reads a render step by step: the SVG writer, the audit and the view outline
/// are each one, so every output of a render has the same shape and none keeps its own loop
/// over the flat arrays (the drawn bounds, measured in the hot path, keep theirs: see
/// ``DisplayList/drawnBounds(graph:)``).
///
/// ``DisplayList/walk(_:graph:through:)`` calls the drawing steps in drawing order (a group's
/// start, what it holds, its end); `Array<ViewRecord>.walk(_:graph:)` calls ``view(_:of:in:)``
/// for each placed view in placement order. Every step has a default that does nothing (an image
/// defaults to its shape), so a visitor says only what it reads. The walks are generic, so each
/// visitor gets its own specialised loop and no step is called through a witness table.
///
/// Steps are given pointers into the render's tables, valid for the call only: the shapes, texts
/// and groups are read in place, as a copy would retain and release their strings and paints
/// for every step.
protocol DisplayListVisitor: ~Copyable {
    /// The start of a group (``DisplayList/groups``); what follows until its ``endGroup()`` is
    /// inside it.
    mutating func beginGroup(_ group: UnsafePointer<GroupAttributes>)
    mutating func endGroup()
    /// A filled and/or stroked outline in `frame`.
    mutating func shape(_ shape: UnsafePointer<ShapeNode>, frame: Rect)
    /// A shape that draws a resource image (its drawing's `image`, tinted by its `fill`).
    mutating func image(_ shape: UnsafePointer<ShapeNode>, frame: Rect)
    /// A text set as `layout` says, in `frame`.
    mutating func text(_ text: UnsafePointer<TextNode>, layout: UnsafePointer<TextLayout>, frame: Rect)
    /// The placed view `records[position]`; its parent's record comes before it.
    mutating func view(_ position: Int, of records: UnsafeBufferPointer<ViewRecord>, in graph: ViewGraph)
}

extension DisplayListVisitor where Self: ~Copyable {
    mutating func beginGroup(_ group: UnsafePointer<GroupAttributes>) {}
    mutating func endGroup() {}
    mutating func shape(_ shape: UnsafePointer<ShapeNode>, frame: Rect) {}
    mutating func image(_ shape: UnsafePointer<ShapeNode>, frame: Rect) { self.shape(shape, frame: frame) }
    mutating func text(_ text: UnsafePointer<TextNode>, layout: UnsafePointer<TextLayout>, frame: Rect) {}
    mutating func view(_ position: Int, of records: UnsafeBufferPointer<ViewRecord>, in graph: ViewGraph) {}
}

extension DisplayList {
    /// Gives `visitor` the drawing steps in order: all of them, or the first `end` (the audit
    /// stops where the system's drawing over the preview starts).
    func walk<V: DisplayListVisitor & ~Copyable>(_ visitor: inout V, graph: ViewGraph, through end: Int? = nil) {
        graph.shapes.withUnsafeBufferPointer { shapes in
            graph.texts.withUnsafeBufferPointer { texts in
                self.texts.withUnsafeBufferPointer { layouts in
                    groups.withUnsafeBufferPointer { groups in
                        items.withUnsafeBufferPointer { items in
                            for item in UnsafeBufferPointer(rebasing: items[..<min(end ?? items.count, items.count)]) {
                                switch item {
                                case .shape(let index, let frame):
                                    let shape = shapes.baseAddress! + Int(index)
                                    if shape.pointee.drawing.image != nil {
                                        visitor.image(shape, frame: frame)
                                    } else {
                                        visitor.shape(shape, frame: frame)
                                    }
                                case .text(let index, let layout, let frame):
                                    visitor.text(texts.baseAddress! + Int(index), layout: layouts.baseAddress! + Int(layout), frame: frame)
                                case .beginGroup(let index):
                                    visitor.beginGroup(groups.baseAddress! + Int(index))
                                case .endGroup:
                                    visitor.endGroup()
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

extension Array where Element == ViewRecord {
    /// Gives `visitor` each placed view, in placement order (a parent before its children).
    func walk<V: DisplayListVisitor & ~Copyable>(_ visitor: inout V, graph: ViewGraph) {
        withUnsafeBufferPointer { records in
            for position in records.indices { visitor.view(position, of: records, in: graph) }
        }
    }
}

extension GroupAttributes {
    /// What maps the group's content to the root's points, given what maps the group's
    /// surroundings (`outer`): the group's own transform first.
    func contentToRoot(_ outer: AffineTransform) -> AffineTransform {
        switch transform {
        case .scale(let x, let y, let pivot)?:
            AffineTransform.scale(x, y, about: pivot).followed(by: outer)
        case .rotate(let degrees, let pivot)?:
            AffineTransform.rotation(.degrees(degrees), about: pivot).followed(by: outer)
        case .matrix(let matrix)?:
            matrix.followed(by: outer)
        case nil:
            outer
        }
    }

    /// The rectangle, in the root's points, the group's content is cut to: its own clip (mapped
    /// by `toRoot`, the content's transform) within `outer`, the clip around it.
    func contentClip(_ outer: Rect?, toRoot: AffineTransform) -> Rect? {
        guard let (_, rect) = clip else { return outer }
        let own = toRoot.boundingBox(of: rect)
        return outer.map { $0.intersection(own) } ?? own
    }
}
