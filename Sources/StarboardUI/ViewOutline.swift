import Synchronization

/// One placed node of a render: which node, the record of the node that placed it, and where it
/// ended up in the preview's points.
struct ViewRecord {
    var node: Int32
    var parent: Int32
    var frame: Rect
}

/// The view tree of a render as the SVG carries it, so a page can select any view (not only the
/// accessibility elements), show its place in the tree and measure it.
///
/// Written as one `<metadata>` element after the drawing:
///
/// ```
/// <metadata data-views="RatingControl/HStack/.accessibility/StarButton/.frame/ZStack/Rectangle/Path">0 0 0 252 44 0.1;1 0 0 44 44 2.3.4.5;1 6;2 7;…</metadata>
/// ```
///
/// `data-views` is the table of type names, `/`-separated. The text is one entry per view, `;`
/// between them, in drawing order (a parent before its children), space-separated: how many
/// entries back its parent is (0 for the root); the frame in the preview's points, one decimal: x
/// and y from the parent's origin, width and height (left out when it is the parent's frame);
/// and the view's types as `.`-separated indices into the table, outermost first. A node whose frame is the same
/// as its parent's, and which is that parent's only child, joins the parent's entry (a modifier
/// that changes nothing about the frame, a composite view and the stack its body made): the
/// entry lists each type, which is the breadcrumb's view path, and keeps the output small.
///
/// Composite views are named by their Swift type (`StarButton`), primitives as SwiftUI spells
/// them (`HStack`, `Text`, `Circle`), modifiers with a leading dot (`.padding`, `.frame`).
/// Deterministic: the same render writes the same bytes.
struct ViewOutline {
    var records: [ViewRecord]
    var graph: ViewGraph

    func write(into svg: inout SVGBytes) {
        guard !records.isEmpty else { return }
        // Children per record, to know which records join their parent's entry.
        var childCount = [Int32](repeating: 0, count: records.count)
        for record in records where record.parent >= 0 { childCount[Int(record.parent)] += 1 }
        var composites: [Int32: [Any.Type]] = [:]
        for (node, type) in graph.composites { composites[node, default: []].append(type) }

        var names: [String] = []
        var nameIndex: [String: Int] = [:]
        func index(of name: String) -> Int {
            if let known = nameIndex[name] { return known }
            names.append(name)
            nameIndex[name] = names.count - 1
            return names.count - 1
        }
        var entryOf = [Int32](repeating: -1, count: records.count)
        var entries: [(parent: Int32, frame: Rect, types: [Int])] = []
        for (position, record) in records.enumerated() {
            var types: [Int] = []
            for type in (composites[record.node] ?? []).reversed() {
                let name = Self.name(of: type)
                if !name.hasPrefix("_") { types.append(index(of: name)) }
            }
            types.append(index(of: Self.name(of: graph.nodes[Int(record.node)].kind, graph: graph)))
            let parent = record.parent
            if parent >= 0, childCount[Int(parent)] == 1, Self.same(records[Int(parent)].frame, record.frame) {
                let entry = entryOf[Int(parent)]
                entryOf[position] = entry
                entries[Int(entry)].types.append(contentsOf: types)
            } else {
                entryOf[position] = Int32(entries.count)
                entries.append((parent >= 0 ? entryOf[Int(parent)] : -1, record.frame, types))
            }
        }

        svg.append("<metadata data-views=\"")
        for (position, name) in names.enumerated() {
            if position > 0 { svg.append("/") }
            svg.appendEscaped(name)
        }
        svg.append("\">")
        for (position, entry) in entries.enumerated() {
            if position > 0 { svg.append(";") }
            // How many entries back the parent is (0 for the root): small numbers, few bytes.
            svg.appendNumber(entry.parent >= 0 ? Double(position - Int(entry.parent)) : 0, decimals: 0)
            if entry.parent < 0 || !Self.same(entries[Int(entry.parent)].frame, entry.frame) {
                // The origin relative to the parent's, both rounded first so that adding them up the
                // tree gives back each rounded origin exactly: small numbers, often whole, few bytes.
                let origin = entry.parent < 0 ? Point(x: 0, y: 0) : entries[Int(entry.parent)].frame.origin
                let x = Self.rounded(entry.frame.minX) - Self.rounded(origin.x)
                let y = Self.rounded(entry.frame.minY) - Self.rounded(origin.y)
                for value in [x, y, entry.frame.width, entry.frame.height] {
                    svg.append(" ")
                    svg.appendNumber(value, decimals: 1)
                }
            }
            svg.append(" ")
            for (slot, type) in entry.types.enumerated() {
                if slot > 0 { svg.append(".") }
                svg.appendNumber(Double(type), decimals: 0)
            }
        }
        svg.append("</metadata>")
    }

    /// To the tenth of a point the outline writes.
    private static func rounded(_ value: Double) -> Double { (value * 10).rounded() / 10 }

    private static func same(_ a: Rect, _ b: Rect) -> Bool {
        abs(a.minX - b.minX) < 0.05 && abs(a.minY - b.minY) < 0.05 && abs(a.width - b.width) < 0.05 && abs(a.height - b.height) < 0.05
    }

    /// Composite type names, worked out once per type: `String(describing:)` allocates.
    private static let typeNames = Mutex<[ObjectIdentifier: String]>([:])

    static func name(of type: Any.Type) -> String {
        let key = ObjectIdentifier(type)
        if let known = typeNames.withLock({ $0[key] }) { return known }
        let name = String(describing: type)
        typeNames.withLock { $0[key] = name }
        return name
    }

    /// A primitive node as SwiftUI spells the view or modifier that made it.
    static func name(of kind: NodeKind, graph: ViewGraph) -> String {
        switch kind {
        case .empty: "EmptyView"
        case .shape(let index): shapeName(graph.shapes[Int(index)].geometry)
        case .text: "Text"
        case .stack(.horizontal): "HStack"
        case .stack(.vertical): "VStack"
        case .stack(.depth): "ZStack"
        case .spacer: "Spacer"
        case .geometry: "GeometryReader"
        case .layer(_, let inFront): inFront ? ".overlay" : ".background"
        case .modifier(let modifier):
            switch modifier {
            case .frame: ".frame"
            case .padding: ".padding"
            case .offset: ".offset"
            case .position: ".position"
            case .scale: ".scaleEffect"
            case .rotation: ".rotationEffect"
            case .opacity: ".opacity"
            case .aspectRatio: ".aspectRatio"
            case .filter: ".filter"
            case .accessibility: ".accessibility"
            case .tapTarget: ".onTapGesture"
            case .fixedSize: ".fixedSize"
            case .clip: ".clipShape"
            case .zIndex: ".zIndex"
            case .layoutPriority: ".layoutPriority"
            }
        }
    }

    private static func shapeName(_ geometry: ShapeGeometry) -> String {
        switch geometry {
        case .rectangle: "Rectangle"
        case .roundedRectangle: "RoundedRectangle"
        case .ellipse: "Ellipse"
        case .circle: "Circle"
        case .capsule: "Capsule"
        case .path: "Path"
        case .custom: "Shape"
        case .inset(let inset): shapeName(inset.base)
        }
    }
}
