import StarboardLocking

/// An SVG document and what assistive technology sees in it.
public struct Rendering: Sendable {
    public var svg: String
    /// The size of the image in points (the SVG's width and height).
    public var size: Size
    /// Every element with accessibility information or a tap target, in drawing order.
    public var accessibility: [AccessibilityElement]
    /// How much layout work the render took.
    public var statistics: RenderStatistics
    /// What the author should know about this render (a symbol drawn as a placeholder, say).
    public var warnings: [String] = []
    /// What breaks in the render's environment, when it was asked for (`audit: true`).
    public var audit: [AuditFinding] = []
    /// Per entry of the view outline the SVG carries, the inspectable properties its views read
    /// while they were built (``PropertyReads``), as a mask: bit n for the component's property
    /// n in declaration order. Empty unless the render recorded reads.
    public var reads: [UInt64] = []
}

/// Lays out a view at its ideal size and writes it as SVG. Pure: the same view gives the same bytes.
public enum Renderer {
    /// Engines whose arrays the next renders reuse, one per render running at once (up to a few).
    private static let spares = Locked<[Spare]>([])

    /// An engine waiting for a render. It holds no views (a reset empties it) and is taken out of
    /// the pool before use, so one thread at a time has it. A class, so the engine is worked on
    /// in place and handed back by reference: as a struct it was copied in and out of the pool
    /// (every array of it retained and released) on each render.
    private final class Spare: @unchecked Sendable {
        var engine: LayoutEngine
        /// The log of the renders that record reads, kept with its arrays between them.
        let reads = PropertyReads()
        init(_ engine: LayoutEngine) { self.engine = engine }
    }

    /// Lays `view` out as a render would and runs the action (`onTapGesture`, `Button`) of the
    /// tap target `target`; false when no action has that id.
    ///
    /// `location` is where the tap landed in the preview's coordinates (points from its top-left
    /// corner); without one (a keyboard or assistive technology activating the target) the tap
    /// lands at the target's centre. A location outside the target throws.
    public static func performTap(
        on view: some View, target: String, at location: Point? = nil,
        environment: EnvironmentValues = EnvironmentValues(), canvas: CanvasLayout = .sizeThatFits,
        limits: RenderLimits = .standard, typesetter: Typesetter = .shared
    ) throws(TapError) -> Bool {
        try tap(on: view, target: target, at: location, environment: environment, canvas: canvas, limits: limits, typesetter: typesetter).found
    }

    /// What a tap did: whether an action had the target's id, and what the tap tells the user
    /// (a control bound to `.constant`: "Stepper \"Locked\" is bound to a constant: nothing changed").
    public struct TapOutcome: Hashable, Sendable {
        public var found: Bool
        public var notes: [String]
    }

    /// ``performTap(on:target:at:environment:canvas:limits:typesetter:)`` with the tap's notes.
    public static func tap(
        on view: some View, target: String, at location: Point? = nil,
        environment: EnvironmentValues = EnvironmentValues(), canvas: CanvasLayout = .sizeThatFits,
        limits: RenderLimits = .standard, typesetter: Typesetter = .shared
    ) throws(TapError) -> TapOutcome {
        try tap(on: view, target: target, at: location, environment: environment, canvas: canvas, limits: limits, typesetter: typesetter,
                title: nil, recordingReads: false, finish: { _ in false }).outcome
    }

    /// A tap, and the render of the view as it was laid out for the tap when `finish` (told
    /// whether an action had the target's id, and run after that action) says nothing changed.
    ///
    /// A tap lays the view out to find its targets; when the tap changes nothing the view would
    /// draw, the render that follows it is that same layout written out, not a second one.
    public static func tap(
        on view: some View, target: String, at location: Point?, environment: EnvironmentValues, canvas: CanvasLayout = .sizeThatFits,
        limits: RenderLimits = .standard, typesetter: Typesetter = .shared, title: String?, recordingReads: Bool,
        finish: (_ found: Bool) -> Bool
    ) throws(TapError) -> (outcome: TapOutcome, rendering: Rendering?) {
        var engine = LayoutEngine(graph: ViewGraph(limits: limits, environment: environment), typesetter: typesetter)
        engine.graph.canvasFallback = canvas
        let reads = recordingReads ? PropertyReads() : nil
        let laidOut = withUnsafeMutablePointer(to: &engine) { engine -> Result<(TapOutcome, CanvasGeometry), TapError> in
            PropertyReads.recordingIf(reads) { CurrentGraph.with(engine.pointer(to: \.graph)!) {
                engine.pointee.graph.build(view, environment: environment)
                if let exceeded = engine.pointee.graph.exceeded { return .failure(.limits(exceeded)) }
                engine.pointee.graph.collapse(from: 0, into: .vertical(spacing: defaultStackSpacing, alignment: .center))
                let geometry = engine.pointee.layOutCanvas(engine.pointee.graph.takeSingle(), on: engine.pointee.graph.canvas)
                LayoutCount.current?.layouts += 1
                if let exceeded = engine.pointee.graph.exceeded { return .failure(.limits(exceeded)) }
                guard let found = engine.pointee.actionTargets[target] else { return .success((TapOutcome(found: false, notes: []), geometry)) }
                // The tap is in the image's points; layout's are moved by the canvas's translation.
                let point = location.map { Point(x: $0.x - geometry.translation.x, y: $0.y - geometry.translation.y) } ?? found.center
                guard point.x.isFinite, point.y.isFinite, found.contains(point) else {
                    return .failure(.outside(target: target, location: point, frame: found.toRoot.boundingBox(of: found.frame)))
                }
                let action = engine.pointee.graph.actions[Int(found.action)]
                let feedback = HapticNotes.gathering { PropertyReads.unnoted { action(found.location(of: point)) } }
                let note = engine.pointee.graph.constantNote(of: found.action)
                return .success((TapOutcome(found: true, notes: (note.map { [$0] } ?? []) + feedback), geometry))
            } }
        }
        let (outcome, geometry) = try laidOut.get()
        guard finish(outcome.found) else { return (outcome, nil) }
        return (outcome, PropertyReads.recordingIf(reads, from: false) {
            engine.rendering(geometry, title: title, environment: environment, audit: false)
        })
    }

    /// Renders `view` in `environment` (light, default text size, left to right unless set);
    /// throws when it is bigger or deeper than `limits` allow.
    ///
    /// The view is laid out on the canvas `environment.canvas` names, else on the one its preview
    /// modifiers ask for (`.previewLayout`, `.previewDevice`), else on `canvas`.
    public static func render(
        _ view: some View, title: String? = nil, environment: EnvironmentValues = EnvironmentValues(),
        canvas: CanvasLayout = .sizeThatFits,
        audit: Bool = false, limits: RenderLimits = .standard, typesetter: Typesetter = .shared,
        recordingReads: Bool = false
    ) throws(RenderLimits.Exceeded) -> Rendering {
        // Engines in the pool were emptied when they were put back.
        let spare = spares.withLock { $0.popLast() } ?? Spare(LayoutEngine(graph: ViewGraph(limits: limits), typesetter: typesetter))
        let outcome = withUnsafeMutablePointer(to: &spare.engine) { engine -> (Result<Rendering, RenderLimits.Exceeded>, keep: Bool) in
            engine.pointee.prepare(limits: limits, environment: environment, typesetter: typesetter)
            engine.pointee.graph.canvasFallback = canvas
            // With `recordingReads`, which properties each view reads (an `@Inspectable`'s getter
            // notes them) goes with the render: ``Rendering/reads``.
            let rendering = PropertyReads.recordingIf(recordingReads ? spare.reads : nil) {
                LayoutEngine.render(view, in: engine, title: title, environment: environment, audit: audit)
            }
            guard engine.pointee.isWorthKeeping else { return (rendering, false) }
            engine.pointee.reset(limits: limits, typesetter: typesetter)
            return (rendering, true)
        }
        if outcome.keep {
            spares.withLock { if $0.count < 4 { $0.append(spare) } }
        }
        return try outcome.0.get()
    }
}

extension LayoutEngine {
    /// Builds, lays out and writes `view` with the (prepared) engine at `engine`.
    fileprivate static func render(
        _ view: some View, in engine: UnsafeMutablePointer<LayoutEngine>, title: String?, environment: EnvironmentValues, audit: Bool
    ) -> Result<Rendering, RenderLimits.Exceeded> {
        let laidOut = CurrentGraph.with(engine.pointer(to: \.graph)!) { () -> Result<CanvasGeometry, RenderLimits.Exceeded> in
            engine.pointee.graph.build(view, environment: environment)
            if let exceeded = engine.pointee.graph.exceeded { return .failure(exceeded) }
            // Several views at the top are stacked as a `VStack` would stack them.
            engine.pointee.graph.collapse(from: 0, into: .vertical(spacing: defaultStackSpacing, alignment: .center))
            let root = engine.pointee.graph.takeSingle()
            engine.pointee.statistics.nodes = engine.pointee.graph.nodes.count
            engine.pointee.sizingBudget = engine.pointee.graph.limits.layoutBudget(nodes: engine.pointee.graph.nodes.count)
            let geometry = engine.pointee.layOutCanvas(root, on: engine.pointee.graph.canvas)
            LayoutCount.current?.layouts += 1
            if let exceeded = engine.pointee.graph.exceeded { return .failure(exceeded) }
            return .success(geometry)
        }
        switch laidOut {
        case .failure(let exceeded): return .failure(exceeded)
        case .success(let geometry): return .success(engine.pointee.rendering(geometry, title: title, environment: environment, audit: audit))
        }
    }

    /// The SVG and what goes with it, from the laid-out engine. Layout's points are moved by the
    /// canvas's translation into the image's: the frames of elements, views and findings.
    fileprivate mutating func rendering(_ geometry: CanvasGeometry, title: String?, environment: EnvironmentValues, audit: Bool) -> Rendering {
        let shift = geometry.translation
        var findings: [AuditFinding] = []
        if audit {
            // The system's drawing over the preview (the status bar) is left out.
            var auditor = Auditor(canvas: geometry.bounds, environment: environment)
            display.walk(&auditor, graph: graph, through: chromeStart)
            findings = auditor.findings(elements: elements, unmirrored: unmirrored)
        }
        if shift != .zero {
            for index in elements.indices { elements[index].frame = elements[index].frame.offsetBy(dx: shift.x, dy: shift.y) }
            for index in viewRecords.indices { viewRecords[index].frame = viewRecords[index].frame.offsetBy(dx: shift.x, dy: shift.y) }
            for index in findings.indices { findings[index].frame = findings[index].frame.offsetBy(dx: shift.x, dy: shift.y) }
        }
        var writer = SVGWriter()
        let background = geometry.fillsScreen ? SystemColor.background.resolve(in: environment) : nil
        let svg = writer.document(
            display, graph: graph, size: geometry.size, translation: shift, background: background, title: title,
            records: viewRecords, outline: &outline
        )
        var warnings = graph.warnings
        for layout in display.texts {
            for warning in layout.warnings where !warnings.contains(warning) { warnings.append(warning) }
        }
        var rendering = Rendering(svg: svg, size: geometry.size, accessibility: elements, statistics: statistics, warnings: warnings)
        rendering.audit = findings
        if let reads = PropertyReads.current { rendering.reads = reads.entries(records: viewRecords, slots: outline.slots) }
        return rendering
    }
}

extension ViewGraph {
    /// The canvas this render lays the view out on: the window's choice, else the view's, else
    /// the render's fallback. Known once the view's nodes are made.
    var canvas: CanvasLayout { environment.canvas ?? declaredCanvas.resolved(fallback: canvasFallback) }
}

/// Why a tap could not run.
public enum TapError: Error, Equatable, CustomStringConvertible {
    /// The view is bigger or deeper than the render limits allow.
    case limits(RenderLimits.Exceeded)
    /// The tap landed outside the target it names.
    case outside(target: String, location: Point, frame: Rect)

    public var description: String {
        switch self {
        case .limits(let exceeded): "\(exceeded)"
        case let .outside(target, location, frame):
            "the tap at (\(SVGWriter.number(location.x, decimals: 1)), \(SVGWriter.number(location.y, decimals: 1))) is outside \u{201C}\(target)\u{201D}, which spans x \(SVGWriter.number(frame.minX, decimals: 1))–\(SVGWriter.number(frame.maxX, decimals: 1)) and y \(SVGWriter.number(frame.minY, decimals: 1))–\(SVGWriter.number(frame.maxY, decimals: 1))"
        }
    }
}

extension ViewGraph {
    /// Builds `view`; when it has `onAppear` actions, runs them once and builds it again, so the
    /// picture shows what they set (as SwiftUI draws a view after it appeared).
    mutating func build(_ view: some View, environment: EnvironmentValues) {
        view._makeNodes(in: &self)
        addPresentations()
        guard isOpen, !appearActions.isEmpty else { return }
        let actions = appearActions
        // The canvas the render was asked for outlives the reset; what the view declares is
        // declared again as it is built again.
        let fallback = canvasFallback
        // The session too: what the actions read and write in `@AppStorage` lives there.
        let session = navigation.session
        reset(limits: limits, environment: environment)
        PropertyReads.current?.reset()
        canvasFallback = fallback
        navigation.session = session
        collectsAppearActions = false
        for action in actions { action() }
        view._makeNodes(in: &self)
        addPresentations()
    }
}
