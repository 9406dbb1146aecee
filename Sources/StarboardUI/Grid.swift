/// A two-dimensional table of views, as SwiftUI's `Grid`: each `GridRow` is a row, its views
/// fill the columns in order; a view outside a `GridRow` is a row of its own across the whole
/// grid (as a `Divider` between rows).
///
/// Each column is as wide as its widest cell and each row as tall as its tallest; a flexible
/// cell (a `Color`, a `Spacer`) takes its column's width and its row's height. Offered a length,
/// the columns (and the rows) share it as an `HStack`'s children do: the least flexible first,
/// so flexible columns take what the others leave.
///
/// ```swift
/// Grid(alignment: .leading) {
///     GridRow { Text("Name"); Text("Ada") }
///     Divider()
///     GridRow { Text("Born"); Text("1815") }
/// }
/// ```
public struct Grid<Content: View>: PrimitiveView {
    let layout: CellGridLayout
    let content: Content

    /// A grid whose cells sit at `alignment` in their cell, `horizontalSpacing` between columns
    /// and `verticalSpacing` between rows (8 points each when nil).
    public init(alignment: Alignment = .center, horizontalSpacing: CGFloat? = nil, verticalSpacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {
        layout = CellGridLayout(
            alignment: alignment,
            horizontalSpacing: horizontalSpacing.map(Double.init) ?? defaultStackSpacing,
            verticalSpacing: verticalSpacing.map(Double.init) ?? defaultStackSpacing
        )
        self.content = content()
    }

    public func _makeNodes(in graph: inout ViewGraph) {
        graph.warnIfCustom(layout.alignment.horizontal.key, layout.alignment.vertical.key, in: "Grid")
        // A Divider between rows runs across the grid, as in a VStack.
        graph.makeLayout(LayoutEntry(layout: layout, isBuiltIn: true), content, axis: .vertical)
    }
}

/// One row of a ``Grid``: its views are the row's cells, one column each (or as many as
/// `gridCellColumns(_:)` says), at `alignment` vertically when given, else at the grid's.
public struct GridRow<Content: View>: PrimitiveView {
    let alignment: VerticalAlignment?
    let content: Content

    public init(alignment: VerticalAlignment? = nil, @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.content = content()
    }

    public func _makeNodes(in graph: inout ViewGraph) {
        if let alignment { graph.warnIfCustom(alignment.key, in: "GridRow") }
        let mark = graph.pending.count
        let outerAxis = graph.stackAxis
        // A Divider in a row stands upright between its neighbours, as in an HStack.
        graph.stackAxis = .horizontal
        content._makeNodes(in: &graph)
        graph.stackAxis = outerAxis
        guard graph.pending.count > mark else { return }
        // The row's first view is its identity: a node index no other row has.
        let row = GridRowMark(row: graph.pending[mark], alignment: alignment)
        graph.wrapEach(from: mark, in: .trait(.value(ObjectIdentifier(GridRowKey.self), row)))
    }
}

/// Which `GridRow` a cell belongs to, and the row's alignment.
struct GridRowMark {
    let row: Int32
    let alignment: VerticalAlignment?
}

enum GridRowKey: LayoutValueKey {
    static let defaultValue: GridRowMark? = nil
}

enum GridCellColumnsKey: LayoutValueKey {
    static let defaultValue = 1
}

enum GridColumnAlignmentKey: LayoutValueKey {
    static let defaultValue: HorizontalAlignment? = nil
}

enum GridCellAnchorKey: LayoutValueKey {
    static let defaultValue: UnitPoint? = nil
}

enum GridCellUnsizedAxesKey: LayoutValueKey {
    static let defaultValue: Axis.Set = []
}

extension View {
    /// Makes the view a cell of its `GridRow` that spans `count` columns.
    public consuming func gridCellColumns(_ count: Int) -> some View {
        layoutValue(key: GridCellColumnsKey.self, value: count)
    }

    /// Sets where the cells of this view's column sit horizontally, for the whole column.
    public consuming func gridColumnAlignment(_ guide: HorizontalAlignment) -> some View {
        layoutValue(key: GridColumnAlignmentKey.self, value: guide)
    }

    /// Puts the view at `anchor` of its cell, whatever the grid's, row's and column's alignment.
    public consuming func gridCellAnchor(_ anchor: UnitPoint) -> some View {
        layoutValue(key: GridCellAnchorKey.self, value: anchor)
    }

    /// Keeps the view from sizing its column (`.horizontal`) or row (`.vertical`): it takes the
    /// size the other cells give them, as a `Color` or `Divider` that should not stretch the grid.
    public consuming func gridCellUnsizedAxes(_ axes: Axis.Set) -> some View {
        layoutValue(key: GridCellUnsizedAxesKey.self, value: axes)
    }
}

/// The layout of ``Grid``.
struct CellGridLayout: BuiltInLayout {
    let alignment: Alignment
    let horizontalSpacing: Double
    let verticalSpacing: Double

    /// A cell: its row, its first column and how many it spans (all of them for a view outside
    /// a `GridRow`), what it sizes, and where it sits in its cell.
    struct Cell {
        var row: Int
        var column: Int
        var span: Int
        var sizesColumn: Bool
        var sizesRow: Bool
        var anchor: UnitPoint?
    }

    /// What the subviews' structure decides, whatever the proposal.
    struct Cache {
        var cells: [Cell] = []
        var rowCount = 0
        var columnCount = 0
        var rowAlignment: [VerticalAlignment?] = []
        var columnAlignment: [HorizontalAlignment?] = []
    }

    func makeCache(subviews: Subviews) -> Cache {
        var cache = Cache()
        var currentRow: Int32?
        var column = 0
        for subview in subviews {
            let unsized = subview[GridCellUnsizedAxesKey.self]
            var cell = Cell(row: 0, column: 0, span: 0, sizesColumn: !unsized.contains(.horizontal), sizesRow: !unsized.contains(.vertical), anchor: subview[GridCellAnchorKey.self])
            if let mark = subview[GridRowKey.self] {
                if mark.row != currentRow {
                    currentRow = mark.row
                    column = 0
                    cache.rowCount += 1
                    cache.rowAlignment.append(mark.alignment)
                }
                cell.row = cache.rowCount - 1
                cell.column = column
                cell.span = max(1, subview[GridCellColumnsKey.self])
                column += cell.span
                cache.columnCount = max(cache.columnCount, column)
                if let guide = subview[GridColumnAlignmentKey.self] {
                    if cache.columnAlignment.count <= cell.column { cache.columnAlignment += Array(repeating: nil, count: cell.column + 1 - cache.columnAlignment.count) }
                    cache.columnAlignment[cell.column] = guide
                }
            } else {
                // A view outside a row spans the grid and takes its width rather than giving it.
                currentRow = nil
                cache.rowCount += 1
                cache.rowAlignment.append(nil)
                cell.row = cache.rowCount - 1
                cell.sizesColumn = false
            }
            cache.cells.append(cell)
        }
        for index in cache.cells.indices where cache.cells[index].span == 0 {
            cache.cells[index].span = max(cache.columnCount, 1)
        }
        return cache
    }

    /// SwiftUI's stack rule over lanes (columns or rows): offered nothing, each lane takes its
    /// ideal length; offered a length, the least flexible lanes are sized first, each offered an
    /// equal share of what is left. `measure(lane, offer)` is the lane's length for an offer.
    private func share(_ count: Int, spacing: Double, offer: Double?, measure: (Int, Double?) -> Double) -> [Double] {
        guard let offer else { return (0..<count).map { measure($0, nil) } }
        let flexibility = (0..<count).map { measure($0, .infinity) - measure($0, 0) }
        let order = (0..<count).sorted { (flexibility[$0], $0) < (flexibility[$1], $1) }
        var lengths = [Double](repeating: 0, count: count)
        var remaining = offer - spacing * Double(max(count - 1, 0))
        var left = Double(count)
        for lane in order {
            let length = measure(lane, max(0, remaining / left))
            lengths[lane] = length
            if remaining.isFinite { remaining -= length }
            left -= 1
        }
        return lengths
    }

    private func propose(_ width: Double?, _ height: Double?) -> ProposedViewSize {
        ProposedViewSize(width: width.map { CGFloat($0) }, height: height.map { CGFloat($0) })
    }

    /// The width of the columns `lanes` and the spacing between them.
    private func length(of lanes: Range<Int>, in columns: [Double]) -> Double {
        var total = horizontalSpacing * Double(max(lanes.count - 1, 0))
        for lane in lanes { total += columns[lane] }
        return total
    }

    /// The columns' widths and the rows' heights for `proposal`.
    private func resolve(_ proposal: ProposedViewSize, _ subviews: Subviews, _ cache: Cache) -> (columns: [Double], rows: [Double], width: Double) {
        let width = proposal.width.map(Double.init), height = proposal.height.map(Double.init)
        // The cells that size each column, found once.
        var byColumn = [[Int]](repeating: [], count: cache.columnCount)
        var spanning: [Int] = []
        for (index, cell) in cache.cells.enumerated() where cell.sizesColumn {
            if cell.span == 1 { byColumn[cell.column].append(index) } else { spanning.append(index) }
        }
        var columns = share(cache.columnCount, spacing: horizontalSpacing, offer: width) { column, offer in
            byColumn[column].reduce(0) { max($0, subviews[$1].sizeThatFits(propose(offer, nil)).width) }
        }
        // A cell wider than the columns it spans widens them equally.
        for index in spanning {
            let cell = cache.cells[index]
            let lanes = cell.column..<min(cell.column + cell.span, columns.count)
            let spanned = length(of: lanes, in: columns)
            let needed = subviews[index].sizeThatFits(propose(spanned, nil)).width
            if needed > spanned + 1e-9 {
                for lane in lanes { columns[lane] += (needed - spanned) / Double(lanes.count) }
            }
        }
        var total = columns.reduce(0, +) + horizontalSpacing * Double(max(columns.count - 1, 0))
        if columns.isEmpty {
            // Only rows across the grid: as wide as the widest of them.
            total = subviews.indices.reduce(0) { max($0, subviews[$1].sizeThatFits(propose(width, nil)).width) }
        }
        func cellWidth(_ cell: Cell) -> Double {
            guard !columns.isEmpty else { return total }
            let lanes = cell.column..<min(cell.column + cell.span, columns.count)
            return length(of: lanes, in: columns)
        }
        var byRow = [[Int]](repeating: [], count: cache.rowCount)
        for (index, cell) in cache.cells.enumerated() where cell.sizesRow { byRow[cell.row].append(index) }
        let rows = share(cache.rowCount, spacing: verticalSpacing, offer: height) { row, offer in
            byRow[row].reduce(0) { max($0, subviews[$1].sizeThatFits(propose(cellWidth(cache.cells[$1]), offer)).height) }
        }
        return (columns, rows, total)
    }

    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache) -> CGSize {
        let (_, rows, width) = resolve(proposal, subviews, cache)
        let height = rows.reduce(0, +) + verticalSpacing * Double(max(rows.count - 1, 0))
        return CGSize(width: width, height: height)
    }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache) {
        let (columns, rows, width) = resolve(proposal, subviews, cache)
        var columnX: [Double] = [], rowY: [Double] = []
        var x = 0.0, y = 0.0
        for column in columns {
            columnX.append(x)
            x += column + horizontalSpacing
        }
        for row in rows {
            rowY.append(y)
            y += row + verticalSpacing
        }
        for (index, cell) in cache.cells.enumerated() {
            let spansAll = columns.isEmpty || cell.span >= columns.count && cell.column == 0
            let lanes = cell.column..<min(cell.column + cell.span, columns.count)
            let cellX = spansAll ? 0 : columnX[cell.column]
            let cellWidth = spansAll ? width : length(of: lanes, in: columns)
            let offer = ProposedViewSize(width: cellWidth, height: rows[cell.row])
            let size = subviews[index].sizeThatFits(offer)
            let columnGuide = cell.column < cache.columnAlignment.count ? cache.columnAlignment[cell.column] : nil
            let anchor = cell.anchor ?? UnitPoint(
                x: (columnGuide ?? alignment.horizontal).fraction,
                y: (cache.rowAlignment[cell.row] ?? alignment.vertical).fraction
            )
            let origin = CGPoint(
                x: bounds.minX + cellX + (cellWidth - size.width) * anchor.x,
                y: bounds.minY + rowY[cell.row] + (rows[cell.row] - size.height) * anchor.y
            )
            subviews[index].place(at: origin, proposal: offer)
        }
    }
}
