import StarboardLocking

/// One placed node of a render: which node, the record of the node that placed it, and where it
/// ended up in the preview's points.
struct ViewRecord {
    var node: Int32
    var parent: Int32
    var frame: Rect
    /// How many records this one placed.
    var childCount: Int32 = 0
}

/// The view tree of a render as the SVG carries it, so a page can select any view (not only the
/// accessibility elements), show its place in the tree and measure it.
///
/// Written as one `<metadata>` element after the drawing:
///
/// ```
/// <metadata data-views="0 0 0 252 44 0.1;1 0 0 44 44 2.3.4.5;1 6;2 7;…" data-types="RatingControl/HStack/.accessibility/StarButton/.frame/ZStack/Rectangle/Path"/>
/// ```
///
/// `data-views` has one entry per view, `;` between them, in drawing order (a parent before its
/// children), space-separated: how many entries back its parent is (0 for the root); the frame
/// in the preview's points, one decimal: x and y from the parent's origin, width and height
/// (left out when it is the parent's frame); and the view's types as `.`-separated indices into
/// `data-types`, outermost first. `data-types` is the table of type names, `/`-separated. A
/// node whose frame is the same as its parent's, and which is that parent's only child, joins
/// the parent's entry (a modifier that changes nothing about the frame, a composite view and
/// the stack its body made): the entry lists each type, which is the breadcrumb's view path, and
/// keeps the output small.
///
/// Composite views are named by their Swift type (`StarButton`), primitives as SwiftUI spells
/// them (`HStack`, `Text`, `Circle`), modifiers with a leading dot (`.padding`, `.frame`).
/// Deterministic: the same render writes the same bytes. A visitor of the placed views
/// (``DisplayListVisitor/view(_:of:in:)``), written straight into the SVG's buffer with its
/// tables kept between renders, so it allocates nothing once they have grown.
struct ViewOutline: DisplayListVisitor, ~Copyable {
    /// A type in the table: a primitive's or modifier's name (by ``names`` index), or a composite
    /// type. A hidden composite (``hidden(_:)``) is kept too, so that its name is looked up once
    /// a render, but it is not written and takes no index.
    enum TypeKey {
        case primitive(Int)
        case composite(ObjectIdentifier, Any.Type)
        case hidden(ObjectIdentifier)
    }

    /// Where each record is written: the outline entry it is in, and that entry's first record.
    struct Slot {
        var entry: Int32
        var head: Int32
    }

    /// What the outline keeps between renders, so that it allocates nothing once they grew.
    struct Tables {
        /// The types met so far, in the order they are written.
        var types: [TypeKey] = []
        /// One per record, filled in as the records are written.
        var slots: [Slot] = []

        mutating func removeAll() {
            types.removeAll(keepingCapacity: true)
            slots.removeAll(keepingCapacity: true)
        }
    }

    /// The SVG being written: the writer's buffer, lent for the walk. A pointer to it rather than
    /// the buffer moved in and out, which needs a stand-in buffer, an allocation every render.
    private let buffer: UnsafeMutablePointer<SVGBytes>
    private var svg: SVGBytes {
        _read { yield buffer.pointee }
        nonmutating _modify { yield &buffer.pointee }
    }
    private var tables: Tables
    /// Entries written so far.
    private var entries: Int32 = 0

    private init(buffer: UnsafeMutablePointer<SVGBytes>, tables: consuming Tables) {
        self.buffer = buffer
        self.tables = tables
    }

    /// Writes the outline of `records` into `svg`: nothing for a render that placed no view.
    static func write(_ records: [ViewRecord], tables: inout Tables, graph: ViewGraph, into svg: inout SVGBytes) {
        guard !records.isEmpty else { return }
        tables.removeAll()
        withUnsafeMutablePointer(to: &svg) { buffer in
            // The tables are moved into the walker and back, not copied.
            var outline = ViewOutline(buffer: buffer, tables: Tables())
            swap(&outline.tables, &tables)
            outline.svg.append("<metadata data-views=\"")
            records.walk(&outline, graph: graph)
            outline.writeTypes()
            swap(&outline.tables, &tables)
        }
    }

    mutating func view(_ position: Int, of records: UnsafeBufferPointer<ViewRecord>, in graph: ViewGraph) {
        let parent = Int(records[position].parent)
        let frame = records[position].frame
        if parent >= 0, records[parent].childCount == 1, Self.same(records[parent].frame, frame) {
            // Joins its parent's entry, which is the last one written: only its types follow.
            tables.slots.append(tables.slots[parent])
            svg.append(".")
        } else {
            tables.slots.append(Slot(entry: entries, head: Int32(position)))
            if entries > 0 { svg.append(";") }
            // How many entries back the parent is (0 for the root): small numbers, few bytes.
            svg.appendNumber(parent >= 0 ? Double(entries - tables.slots[parent].entry) : 0, decimals: 0)
            let parentFrame = parent >= 0 ? records[Int(tables.slots[parent].head)].frame : nil
            if parentFrame.map({ !Self.same($0, frame) }) ?? true {
                // The origin relative to the parent's, both rounded first so that adding them up
                // the tree gives back each rounded origin exactly: small numbers, often whole.
                svg.append(" ")
                svg.appendNumber(Self.rounded(frame.minX) - Self.rounded(parentFrame.map { Double($0.minX) } ?? 0), decimals: 1)
                svg.append(" ")
                svg.appendNumber(Self.rounded(frame.minY) - Self.rounded(parentFrame.map { Double($0.minY) } ?? 0), decimals: 1)
                svg.append(" ")
                svg.appendNumber(frame.width, decimals: 1)
                svg.append(" ")
                svg.appendNumber(frame.height, decimals: 1)
            }
            svg.append(" ")
            entries += 1
        }
        // The composites this node resolved from (outermost first), then its own kind.
        let node = graph.nodes[Int(records[position].node)]
        var composite = node.compositeHead
        var first = true
        while composite >= 0 {
            let type = graph.composites[Int(composite)].type
            composite = graph.composites[Int(composite)].next
            guard let index = Self.index(of: type, in: &tables.types) else { continue }
            if !first { svg.append(".") }
            first = false
            svg.appendNumber(Double(index), decimals: 0)
        }
        if !first { svg.append(".") }
        svg.appendNumber(Double(Self.index(of: Self.primitive(node.kind, graph: graph), in: &tables.types)), decimals: 0)
    }

    /// The table of type names, after the last view.
    private mutating func writeTypes() {
        svg.append("\" data-types=\"")
        var first = true
        for key in tables.types {
            switch key {
            case .primitive(let index):
                if !first { svg.append("/") }
                svg.append(Self.names[index])
            case .composite(_, let type):
                if !first { svg.append("/") }
                svg.appendEscaped(Self.name(of: type))
            case .hidden: continue
            }
            first = false
        }
        svg.append("\"/>")
    }

    /// The primitive's index in the written table, added at the end when it is new. A linear
    /// search: a render has a few dozen types at most.
    private static func index(of primitive: Int, in types: inout [TypeKey]) -> Int {
        var visible = 0
        for key in types {
            switch key {
            case .primitive(let index):
                if index == primitive { return visible }
                visible += 1
            case .composite: visible += 1
            case .hidden: continue
            }
        }
        types.append(.primitive(primitive))
        return visible
    }

    /// The composite's index in the written table, added at the end when it is new; nil for a
    /// type the author did not write (its name starts with an underscore). Its name is looked up
    /// (under a lock) only the first time a render meets it.
    private static func index(of type: Any.Type, in types: inout [TypeKey]) -> Int? {
        let wanted = ObjectIdentifier(type)
        var visible = 0
        for key in types {
            switch key {
            case .primitive: visible += 1
            case .composite(let identifier, _):
                if identifier == wanted { return visible }
                visible += 1
            case .hidden(let identifier):
                if identifier == wanted { return nil }
            }
        }
        if name(of: type).utf8.first == UInt8(ascii: "_") {
            types.append(.hidden(wanted))
            return nil
        }
        types.append(.composite(wanted, type))
        return visible
    }

    /// To the tenth of a point the outline writes.
    private static func rounded(_ value: Double) -> Double { (value * 10).rounded() / 10 }

    private static func same(_ a: Rect, _ b: Rect) -> Bool {
        abs(a.minX - b.minX) < 0.05 && abs(a.minY - b.minY) < 0.05 && abs(a.width - b.width) < 0.05 && abs(a.height - b.height) < 0.05
    }

    /// Composite type names, worked out once per type: `String(describing:)` allocates.
    private static let typeNames = Locked<[ObjectIdentifier: String]>([:])

    static func name(of type: Any.Type) -> String {
        let key = ObjectIdentifier(type)
        if let known = typeNames.withLock({ $0[key] }) { return known }
        let name = String(describing: type)
        typeNames.withLock { $0[key] = name }
        return name
    }

    /// Names of primitives and modifiers, as SwiftUI spells the view or modifier that made a node.
    static let names: [StaticString] = [
        "EmptyView", "Rectangle", "RoundedRectangle", "Ellipse", "Circle", "Capsule", "Path", "Shape",
        "Text", "HStack", "VStack", "ZStack", "Spacer", "GeometryReader", ".overlay", ".background",
        ".frame", ".padding", ".offset", ".position", ".scaleEffect", ".rotationEffect", ".opacity",
        ".aspectRatio", ".filter", ".accessibility", ".onTapGesture", ".fixedSize", ".clipShape", ".zIndex",
        ".layoutPriority", ".ignoresSafeArea", "Layout", ".layoutValue", ".blendMode",
    ]

    /// A node's index in ``names``.
    static func primitive(_ kind: NodeKind, graph: ViewGraph) -> Int {
        switch kind {
        case .empty: 0
        case .shape(let index): shape(graph.shapes[Int(index)].geometry)
        case .text: 8
        case .stack(.horizontal): 9
        case .stack(.vertical): 10
        case .stack(.depth): 11
        case .spacer: 12
        case .geometry: 13
        case .layer(_, let inFront): inFront ? 14 : 15
        case .layout: 32
        case .modifier(let modifier):
            switch modifier {
            case .frame: 16
            case .padding: 17
            case .offset: 18
            case .position: 19
            case .scale: 20
            case .rotation: 21
            case .opacity: 22
            case .aspectRatio: 23
            case .filter: 24
            case .accessibility: 25
            case .tapTarget: 26
            case .fixedSize: 27
            case .clip: 28
            case .zIndex: 29
            case .layoutPriority: 30
            case .ignoresSafeArea: 31
            case .trait: 33
            case .group: 34
            }
        }
    }

    private static func shape(_ geometry: ShapeGeometry) -> Int {
        switch geometry {
        case .rectangle: 1
        case .roundedRectangle: 2
        case .ellipse: 3
        case .circle: 4
        case .capsule: 5
        case .path: 6
        case .custom: 7
        case .inset(let inset): shape(inset.base)
        }
    }
}
