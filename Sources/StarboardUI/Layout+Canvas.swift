/// Where the screen and its safe area are while a preview is laid out on one, in the preview's
/// points (the screen's top-left corner is the origin).
struct ScreenArea {
    var screen: Rect
    var safe: Rect
}

/// What laying a preview out on its canvas decided: the image's size, and how far the drawing
/// is moved so that what it draws above or left of its frame is inside the image.
struct CanvasGeometry {
    /// The image's size in points.
    var size: Size
    /// Added to every coordinate of the drawing: nonzero only when a preview laid out at the
    /// size that fits draws above or left of its frame.
    var translation: Point = .zero
    /// Set when the preview is on a screen: the screen is filled with the system background first.
    var fillsScreen = false
    /// What text must stay inside, in layout's points: the screen, or at the size that fits the
    /// preview's own frame (text drawn beyond it is shown, and still a finding of the audit).
    var bounds: Rect
}

extension LayoutEngine {
    /// Lays out and places the root on `canvas`: a screen offers the root its safe area and
    /// centres it there; at the size that fits, the root takes the size it chooses and the
    /// image grows to hold whatever it draws beyond that.
    mutating func layOutCanvas(_ root: Int32, on canvas: CanvasLayout) -> CanvasGeometry {
        guard let screen = canvas.screen else {
            let rootSize = layOutRoot(root)
            return Self.grown(Rect(origin: .zero, size: rootSize), toShow: display.drawnBounds(graph: graph))
        }
        let insets = screen.insets
        let whole = Rect(origin: .zero, size: screen.size)
        let safe = Rect(
            x: insets.leading, y: insets.top,
            width: max(0, screen.size.width - insets.leading - insets.trailing),
            height: max(0, screen.size.height - insets.top - insets.bottom)
        )
        screenArea = ScreenArea(screen: whole, safe: safe)
        let proposal = Proposal(width: safe.width, height: safe.height)
        let rootSize = size(root, proposal)
        growPlacement()
        place(root, proposal, at: aligned(rootSize, in: safe, .center), toRoot: .identity)
        if let device = screen.device {
            placeSystemChrome(StatusBar(device: device, size: screen.size, insets: insets), in: whole)
        }
        return CanvasGeometry(size: screen.size, fillsScreen: true, bounds: whole)
    }

    /// The image for a preview whose frame is `frame` and which draws in `drawn`: the frame, grown
    /// on each side the drawing passes (by at most ``CanvasLayout/maximumSide`` in all).
    static func grown(_ frame: Rect, toShow drawn: Rect?) -> CanvasGeometry {
        guard let drawn, !drawn.isNull, drawn.minX.isFinite, drawn.minY.isFinite, drawn.maxX.isFinite, drawn.maxY.isFinite else {
            return CanvasGeometry(size: frame.size, bounds: frame)
        }
        // Thousandths are what the SVG writes: overflow below that is rounding, not drawing.
        func outward(_ value: Double, _ edge: Double, up: Bool) -> Double {
            up ? (value > edge + 0.0005 ? (value * 1000).rounded(.up) / 1000 : edge)
                : (value < edge - 0.0005 ? (value * 1000).rounded(.down) / 1000 : edge)
        }
        let limit = CanvasLayout.maximumSide
        let minX = max(outward(drawn.minX, frame.minX, up: false), frame.minX - limit)
        let minY = max(outward(drawn.minY, frame.minY, up: false), frame.minY - limit)
        let maxX = min(outward(drawn.maxX, frame.maxX, up: true), max(frame.maxX, minX + limit))
        let maxY = min(outward(drawn.maxY, frame.maxY, up: true), max(frame.maxY, minY + limit))
        return CanvasGeometry(
            size: Size(width: maxX - minX, height: maxY - minY),
            translation: Point(x: frame.minX - minX, y: frame.minY - minY),
            bounds: frame
        )
    }

    /// Places views the system draws over the preview (the status bar): drawn, but left out of
    /// the view outline, the accessibility elements and the audit, which describe the preview only.
    private mutating func placeSystemChrome(_ view: some View, in rect: Rect) {
        let records = viewRecords.count, listed = elements.count
        chromeStart = display.items.count
        let mark = graph.pending.count
        view._makeNodes(in: &graph)
        graph.collapse(from: mark, into: .depth(alignment: .topLeading))
        guard graph.isOpen else { return }
        let chrome = graph.takeSingle()
        growPlacement()
        let offer = Proposal(width: rect.width, height: rect.height)
        _ = size(chrome, offer)
        place(chrome, offer, at: rect.origin, toRoot: .identity)
        viewRecords.removeLast(viewRecords.count - records)
        elements.removeLast(elements.count - listed)
    }

    /// Places a view that ignores the safe area on `edges`: on each of them where its frame
    /// touches or crosses the safe area's edge, it is offered the inset too and placed over it.
    /// Its parent sized it without: only the view grows, as in SwiftUI.
    mutating func placeIgnoringSafeArea(_ index: Int32, _ edges: Edge.Set, _ proposal: Proposal, in rect: Rect, toRoot: AffineTransform) {
        let child = graph.firstChild(of: index)
        // Only a view that is merely moved (not scaled or turned) lines up with the screen's edges.
        guard let area = screenArea, !edges.isEmpty, toRoot.isTranslation else {
            place(child, proposal, at: rect.origin, toRoot: toRoot)
            return
        }
        let mirrored = graph.nodes[Int(index)].mirrored
        let left: Edge.Set = mirrored ? .trailing : .leading, right: Edge.Set = mirrored ? .leading : .trailing
        let frame = rect.offsetBy(dx: toRoot.tx, dy: toRoot.ty)
        let tolerance = 0.01
        var minX = frame.minX, minY = frame.minY, maxX = frame.maxX, maxY = frame.maxY
        if edges.contains(.top), minY <= area.safe.minY + tolerance { minY = min(minY, area.screen.minY) }
        if edges.contains(.bottom), maxY >= area.safe.maxY - tolerance { maxY = max(maxY, area.screen.maxY) }
        if edges.contains(left), minX <= area.safe.minX + tolerance { minX = min(minX, area.screen.minX) }
        if edges.contains(right), maxX >= area.safe.maxX - tolerance { maxX = max(maxX, area.screen.maxX) }
        let grow = (top: frame.minY - minY, left: frame.minX - minX, bottom: maxY - frame.maxY, right: maxX - frame.maxX)
        let offer = Proposal(
            width: proposal.width.map { $0 + grow.left + grow.right },
            height: proposal.height.map { $0 + grow.top + grow.bottom }
        )
        let region = Rect(x: rect.minX - grow.left, y: rect.minY - grow.top, width: rect.width + grow.left + grow.right, height: rect.height + grow.top + grow.bottom)
        place(child, offer, at: aligned(size(child, offer), in: region, .center), toRoot: toRoot)
    }

    /// Places a scroll container's content (a `List`'s rows at their own heights), shown from its
    /// top and clipped to what the container shows: its frame, reaching over the safe area's
    /// insets above and below where it touches them, as a scroll view's content is seen under
    /// the home indicator and the bars (a `.safeAreaInset`'s among them). The clip is drawn only
    /// when the content overflows, so a list that fits draws as before.
    mutating func placeScrolled(_ child: Int32, _ offer: Proposal, at origin: Point, in rect: Rect, toRoot: AffineTransform) {
        var visible = rect
        if let area = screenArea, toRoot.isTranslation {
            let frame = rect.offsetBy(dx: toRoot.tx, dy: toRoot.ty)
            let tolerance = 0.01
            let above = frame.minY <= area.safe.minY + tolerance ? max(0, frame.minY - area.screen.minY) : 0
            let below = frame.maxY >= area.safe.maxY - tolerance ? max(0, area.screen.maxY - frame.maxY) : 0
            visible = Rect(x: rect.minX, y: rect.minY - above, width: rect.width, height: rect.height + above + below)
        }
        let content = Rect(origin: origin, size: size(child, offer))
        let margin = 0.0005
        guard content.minX < visible.minX - margin || content.minY < visible.minY - margin
            || content.maxX > visible.maxX + margin || content.maxY > visible.maxY + margin else {
            place(child, offer, at: origin, toRoot: toRoot)
            return
        }
        placeGroup(child, offer, at: origin, toRoot: toRoot) {
            $0.clip = (Clip(geometry: .rectangle, evenOdd: false), visible)
            $0.clipScrolls = true
        }
    }
}

extension ViewGraph {
    /// Whether the render may put the preview on a screen with safe-area insets, or the view is
    /// under a `.safeAreaInset`'s bar (what `.ignoresSafeArea` reaches into): no node is made for
    /// one when there is none to reach.
    var mayHaveSafeArea: Bool {
        if environment.navigation.isUnderSafeAreaInset { return true }
        let canvas = environment.canvas ?? declaredCanvas.resolved(fallback: canvasFallback)
        guard let insets = canvas.screen?.insets else { return false }
        return insets != EdgeInsets()
    }
}

/// The status bar and home indicator of a device, as iOS draws them over an app: the time on
/// the left, a battery on the right, in the primary color; drawn only where the device has the
/// inset for them. Shapes and sizes are close to iOS's, not traced from it.
struct StatusBar: View {
    let device: Device
    let size: Size
    let insets: EdgeInsets

    var body: some View {
        ZStack(alignment: .top) {
            if insets.top > 0 {
                bar.frame(width: size.width, height: insets.top)
            }
            if insets.bottom > 0 {
                Capsule()
                    .fill(Color.primary)
                    .frame(width: device.idiom == .pad ? 320 : (size.width > size.height ? 208 : 134), height: 5)
                    .frame(width: size.width, height: size.height - 8, alignment: .bottom)
            }
        }
        .frame(width: size.width, height: size.height, alignment: .top)
    }

    @ViewBuilder private var bar: some View {
        if device.idiom == .pad {
            // iPad: a thin bar, the time at the left.
            HStack(spacing: 0) {
                Text("9:41").font(.system(size: 12, weight: .semibold))
                Spacer(minLength: 0)
                battery(scale: 0.8)
            }
            .padding(.horizontal, 20)
        } else if insets.top < 30 {
            // Home-button iPhones: a thin bar, the time in the middle.
            ZStack {
                Text("9:41").font(.system(size: 12, weight: .semibold))
                HStack(spacing: 0) {
                    Spacer(minLength: 0)
                    battery(scale: 0.8)
                }
            }
            .padding(.horizontal, 6)
        } else {
            // Face ID iPhones: the time and battery either side of the sensor housing.
            HStack(spacing: 0) {
                Text("9:41").font(.system(size: 17, weight: .semibold)).frame(maxWidth: .infinity)
                Spacer(minLength: 126)
                battery(scale: 1).frame(maxWidth: .infinity)
            }
            .padding(.top, insets.top >= 59 ? 8 : 4)
        }
    }

    private func battery(scale: Double) -> some View {
        HStack(spacing: 1) {
            ZStack(alignment: .leading) {
                RoundedRectangle(cornerRadius: 4 * scale).stroke(Color.primary.opacity(0.4), lineWidth: 1)
                    .frame(width: 25 * scale, height: 12 * scale)
                RoundedRectangle(cornerRadius: 2.5 * scale).fill(Color.primary)
                    .frame(width: 21 * scale, height: 8 * scale)
                    .padding(.leading, 2 * scale)
            }
            RoundedRectangle(cornerRadius: 1).fill(Color.primary.opacity(0.4)).frame(width: 1.5 * scale, height: 4 * scale)
        }
    }
}
