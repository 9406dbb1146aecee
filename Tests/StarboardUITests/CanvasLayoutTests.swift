import Foundation
import Testing
@testable import StarboardUI

/// Frames of the identified views of `view` laid out on `canvas`, in the image's points.
private func frames(_ view: some View, on canvas: CanvasLayout, environment: EnvironmentValues = EnvironmentValues()) throws -> [String: Rect] {
    Dictionary(uniqueKeysWithValues: try Renderer.render(view, environment: environment, canvas: canvas).accessibility.map { ($0.id, $0.frame) })
}

private let pro = CanvasLayout.device(Device.named("iPhone 16 Pro")!, .portrait)
private let proTurned = CanvasLayout.device(Device.named("iPhone 16 Pro")!, .landscapeLeft)

/// The screen rules: SwiftUI offers a screen's root view the screen minus its safe-area insets
/// and centres it there; `.ignoresSafeArea` lets a view touching the safe area's edge grow over
/// the inset; at the size that fits, nothing the view draws is cut.
@Suite("Device canvas")
struct CanvasLayoutTests {
    // MARK: - The safe area

    @Test func aColorFillsTheSafeAreaAndTheImageIsTheScreen() throws {
        let rendering = try Renderer.render(Color.red.accessibilityIdentifier("fill"), canvas: pro)
        #expect(rendering.size == Size(width: 402, height: 874))
        // 62 points of sensor housing on top, 34 of home indicator below.
        #expect(try frames(Color.red.accessibilityIdentifier("fill"), on: pro)["fill"] == Rect(x: 0, y: 62, width: 402, height: 778))
    }

    @Test func aGeometryReaderIsOfferedTheSafeArea() throws {
        final class Seen: @unchecked Sendable { var size: Size? }
        let seen = Seen()
        let view = GeometryReader { geometry in
            let _ = { seen.size = geometry.size }()
            Color.blue.frame(width: geometry.size.width * 0.5).accessibilityIdentifier("half")
        }
        let found = try frames(view, on: pro)
        #expect(seen.size == Size(width: 402, height: 778))
        #expect(found["half"]?.width == 201)
    }

    @Test func aLongParagraphWrapsAtTheScreensWidth() throws {
        let paragraph = String(repeating: "Trails wind through the hills above the lake. ", count: 6)
        let text = Text(paragraph).accessibilityIdentifier("p")
        let fitted = try frames(text, on: .sizeThatFits)["p"]!
        let onScreen = try frames(text, on: pro)["p"]!
        #expect(fitted.width > 1000, "one line at the size that fits")
        #expect(onScreen.width <= 402)
        #expect(onScreen.height > 4 * fitted.height, "wrapped into several lines")
        // Centred in the safe area.
        #expect(abs(onScreen.midY - (62 + 778 / 2)) < 0.01)
        #expect(abs(onScreen.midX - 201) < 0.01)
    }

    @Test func aSmallViewIsCentredInTheSafeArea() throws {
        let found = try frames(box("b", 100, 40), on: pro)
        #expect(found["b"] == Rect(x: 151, y: 62 + (778 - 40) / 2, width: 100, height: 40))
    }

    @Test func turnedTheSensorHousingIsOnTheSidesAndTheStatusBarGone() throws {
        let rendering = try Renderer.render(Color.red.accessibilityIdentifier("fill"), canvas: proTurned)
        #expect(rendering.size == Size(width: 874, height: 402))
        #expect(try frames(Color.red.accessibilityIdentifier("fill"), on: proTurned)["fill"] == Rect(x: 62, y: 0, width: 750, height: 381))
        #expect(!rendering.svg.contains("9:41"))
        #expect(try Renderer.render(Color.red, canvas: pro).svg.contains(">9:41<"))
    }

    @Test(arguments: Device.all)
    func everyDeviceOffersItsSafeAreaBothWaysUp(device: Device) throws {
        for orientation in [InterfaceOrientation.portrait, .landscapeRight] {
            let size = device.size(in: orientation), insets = device.insets(in: orientation)
            let found = try frames(Color.red.accessibilityIdentifier("fill"), on: .device(device, orientation))["fill"]
            #expect(found == Rect(
                x: insets.leading, y: insets.top,
                width: size.width - insets.leading - insets.trailing, height: size.height - insets.top - insets.bottom
            ))
        }
    }

    @Test func aFixedLayoutHasNoInsets() throws {
        let found = try frames(Color.red.accessibilityIdentifier("fill"), on: .fixed(width: 320, height: 100))
        #expect(found["fill"] == Rect(x: 0, y: 0, width: 320, height: 100))
    }

    // MARK: - ignoresSafeArea

    @Test func ignoringTheSafeAreaReachesTheScreensEdges() throws {
        #expect(try frames(Color.red.ignoresSafeArea().accessibilityIdentifier("fill"), on: pro)["fill"]
            == Rect(x: 0, y: 62, width: 402, height: 778), "the element is the modifier's frame, which its parent laid out")
        let inside = Color.red.accessibilityIdentifier("fill").ignoresSafeArea()
        #expect(try frames(inside, on: pro)["fill"] == Rect(x: 0, y: 0, width: 402, height: 874))
        let top = Color.red.accessibilityIdentifier("fill").ignoresSafeArea(edges: .top)
        #expect(try frames(top, on: pro)["fill"] == Rect(x: 0, y: 0, width: 402, height: 840))
        let older = Color.red.accessibilityIdentifier("fill").edgesIgnoringSafeArea(.bottom)
        #expect(try frames(older, on: pro)["fill"] == Rect(x: 0, y: 62, width: 402, height: 812))
        // Only the keyboard's safe area: there is no keyboard, so nothing to reach.
        let keyboard = Color.red.accessibilityIdentifier("fill").ignoresSafeArea(.keyboard)
        #expect(try frames(keyboard, on: pro)["fill"] == Rect(x: 0, y: 62, width: 402, height: 778))
    }

    @Test func onlyTheEdgesAViewTouchesGrow() throws {
        let view = VStack(spacing: 0) {
            Color.red.accessibilityIdentifier("header").ignoresSafeArea().frame(height: 100)
            Spacer()
            box("middle", 50, 50).ignoresSafeArea()
        }
        let found = try frames(view, on: pro)
        // The header touches the top: it grows 62 points up, and nowhere else.
        #expect(found["header"] == Rect(x: 0, y: 0, width: 402, height: 162))
        // The box touches the bottom only; a fixed frame keeps its size and is centred in what it is offered.
        // 790 to 840 in the safe area, then centred in 790 to 874 once grown.
        #expect(found["middle"] == Rect(x: 176, y: 807, width: 50, height: 50))
    }

    @Test func aBackgroundColorReachesTheEdgesOfAViewThatFillsTheSafeArea() throws {
        let view = Text("Hello").frame(maxWidth: .infinity, maxHeight: .infinity).background(Color.yellow)
        let svg = try Renderer.render(view, canvas: pro).svg
        // The yellow rectangle covers the whole screen.
        #expect(svg.contains("<path d=\"M0 0 L402 0 L402 874 L0 874 Z\" fill=\"#FFCC00\"/>"))
        let kept = Text("Hello").frame(maxWidth: .infinity, maxHeight: .infinity).background(Color.yellow, ignoresSafeAreaEdges: [])
        #expect(try Renderer.render(kept, canvas: pro).svg.contains("<path d=\"M0 62 L402 62 L402 840 L0 840 Z\" fill=\"#FFCC00\"/>"))
    }

    @Test func leadingIsTheRightEdgeRightToLeft() throws {
        var rtl = EnvironmentValues()
        rtl.layoutDirection = .rightToLeft
        let view = Color.red.accessibilityIdentifier("fill").ignoresSafeArea(edges: .leading)
        #expect(try frames(view, on: proTurned)["fill"] == Rect(x: 0, y: 0, width: 812, height: 381))
        #expect(try frames(view, on: proTurned, environment: rtl)["fill"] == Rect(x: 62, y: 0, width: 812, height: 381))
    }

    @Test func ignoringTheSafeAreaAtTheSizeThatFitsAddsNothing() throws {
        let plain = try Renderer.render(box("b", 30, 30))
        let ignoring = try Renderer.render(box("b", 30, 30).ignoresSafeArea().background(Color.red))
        let background = try Renderer.render(box("b", 30, 30).background(Color.red))
        #expect(plain.statistics.nodes + 2 == background.statistics.nodes)
        #expect(ignoring.statistics.nodes == background.statistics.nodes)
    }

    // MARK: - The status bar

    @Test func theStatusBarIsDrawnButIsNotPartOfThePreview() throws {
        let view = Text("Hi").accessibilityIdentifier("t")
        let rendering = try Renderer.render(view, canvas: pro)
        #expect(rendering.svg.contains(">9:41<"))
        #expect(rendering.accessibility.map(\.id) == ["t"])
        // The outline has the preview's views only: the text and its element.
        #expect(!rendering.svg.contains("Capsule"))
        // The screen is filled with the system background, white in light and black in dark.
        #expect(rendering.svg.contains("<rect width=\"402\" height=\"874\" fill=\"#FFFFFF\"/>"))
        var dark = EnvironmentValues()
        dark.colorScheme = .dark
        #expect(try Renderer.render(view, environment: dark, canvas: pro).svg.contains("<rect width=\"402\" height=\"874\" fill=\"#000000\"/>"))
    }

    @Test func theAuditLooksAtThePreviewNotTheStatusBar() throws {
        // Black "9:41" over a dark blue that reaches the top would be a finding if it were the preview's.
        let view = Color(red: 0, green: 0, blue: 0.3).ignoresSafeArea()
        #expect(try Renderer.render(view, canvas: pro, audit: true).audit.isEmpty)
        let caption = Text("Low contrast").foregroundColor(Color(white: 0.9))
        #expect(try Renderer.render(caption, canvas: pro, audit: true).audit.map(\.kind) == [.contrast])
    }

    // MARK: - Size that fits: nothing cut

    @Test func aStrokesOuterHalfGrowsTheImage() throws {
        let ring = Circle().stroke(Color.blue, lineWidth: 10).frame(width: 100, height: 100).accessibilityIdentifier("ring")
        let rendering = try Renderer.render(ring)
        #expect(rendering.size == Size(width: 110, height: 110))
        #expect(rendering.svg.contains("<g transform=\"translate(5 5)\">"))
        // Frames are in the image's points.
        #expect(rendering.accessibility.first?.frame == Rect(x: 5, y: 5, width: 100, height: 100))
    }

    @Test func aRotatedCardIsDrawnWhole() throws {
        let card = Rectangle().fill(Color.red).frame(width: 100, height: 100).rotationEffect(.degrees(45))
        let rendering = try Renderer.render(card)
        let diagonal = 100 * 2.0.squareRoot()
        #expect(abs(rendering.size.width - diagonal) < 0.002)
        #expect(abs(rendering.size.height - diagonal) < 0.002)
    }

    @Test func aViewDrawnInsideItsFrameKeepsItsSizeAndBytes() throws {
        let rendering = try Renderer.render(box("b", 30, 20).padding(4))
        #expect(rendering.size == Size(width: 38, height: 28))
        #expect(!rendering.svg.contains("translate("))
    }

    @Test func aCurvedPathIsMeasuredAtItsExtremesNotItsControlPoints() throws {
        // A cubic whose control points lie 40 points above the frame but whose curve rises 30.
        let arch = Path { path in
            path.move(to: Point(x: 0, y: 10))
            path.addCurve(to: Point(x: 100, y: 10), control1: Point(x: 0, y: -30), control2: Point(x: 100, y: -30))
        }
        .stroke(Color.black, lineWidth: 2)
        .frame(width: 100, height: 20)
        let rendering = try Renderer.render(arch)
        // The curve's top is at y = 10 - 40 * 3/4 = -20, and the stroke adds 1.
        #expect(abs(rendering.size.height - (20 + 21)) < 0.002)
        #expect(rendering.size.width == 102)
    }

    @Test func anArcIsMeasuredAtItsTop() throws {
        let arc = Path { path in
            path.addArc(center: Point(x: 50, y: 50), radius: 60, startAngle: .degrees(180), endAngle: .degrees(0), clockwise: false)
        }
        .fill(Color.black)
        .frame(width: 100, height: 100)
        let rendering = try Renderer.render(arc)
        // From (-10, 50) over the top (50, -10) to (110, 50).
        #expect(rendering.size == Size(width: 120, height: 110))
    }

    @Test func aShadowIsDrawnWhole() throws {
        let card = Color.white.frame(width: 50, height: 50).shadow(radius: 4, y: 2)
        let rendering = try Renderer.render(card)
        // 1.5 × the radius around the copy moved 2 down: 6 points on the sides, 4 above, 8 below.
        #expect(rendering.size == Size(width: 62, height: 62))
        #expect(rendering.svg.contains("<g transform=\"translate(6 4)\">"))
    }

    @Test func aViewMovedFarAwayGrowsTheImageByAtMostTheLimit() throws {
        let far = box("b", 20, 20).offset(x: 50_000, y: -50_000)
        let rendering = try Renderer.render(far)
        #expect(rendering.size.width <= 20 + CanvasLayout.maximumSide)
        #expect(rendering.size.height <= 20 + CanvasLayout.maximumSide)
        #expect(rendering.size.width >= 20 && rendering.size.height >= 20)
    }

    @Test func aTapLandsWhereTheGrownImageShowsIt() throws {
        final class Taps: @unchecked Sendable { var at: Point? }
        let taps = Taps()
        let view = Circle().stroke(Color.blue, lineWidth: 10).frame(width: 100, height: 100)
            .onTapGesture { location in taps.at = location }
            .accessibilityIdentifier("ring")
        #expect(try Renderer.performTap(on: view, target: "ring", at: Point(x: 55, y: 15)))
        #expect(taps.at == Point(x: 50, y: 10))
    }

    @Test func textBeyondThePreviewsFrameIsShownAndStillAFinding() throws {
        let overflowing = Text("Wider than its fixed frame").fixedSize().frame(width: 40)
        let rendering = try Renderer.render(overflowing, audit: true)
        #expect(rendering.size.width > 100)
        #expect(rendering.audit.map(\.kind) == [.clippedText])
    }

    // MARK: - What chooses the canvas

    @Test func previewModifiersChooseTheCanvasAndTheWindowOverrides() throws {
        let fixed = Color.red.previewLayout(.fixed(width: 320, height: 100))
        #expect(try Renderer.render(fixed, canvas: .standardDevice).size == Size(width: 320, height: 100))
        let se = Color.red.previewDevice("iPhone SE (3rd generation)")
        #expect(try Renderer.render(se, canvas: .sizeThatFits).size == Size(width: 375, height: 667))
        let turned = Color.red.previewInterfaceOrientation(.landscapeLeft)
        #expect(try Renderer.render(turned, canvas: .standardDevice).size == Size(width: 874, height: 402))
        let fits = Color.red.frame(width: 20, height: 30).previewLayout(.sizeThatFits)
        #expect(try Renderer.render(fits, canvas: .standardDevice).size == Size(width: 20, height: 30))
        var window = EnvironmentValues()
        window.canvas = .device(Device.named("iPad mini (A17 Pro)")!, .portrait)
        #expect(try Renderer.render(fixed, environment: window).size == Size(width: 744, height: 1133))
    }

    @Test func anUnknownPreviewDeviceIsAWarningNamingTheKnownOnes() throws {
        let rendering = try Renderer.render(Color.red.previewDevice("iPhone 3G"))
        #expect(rendering.size == Size(width: 402, height: 874))
        #expect(rendering.warnings.count == 1)
        #expect(rendering.warnings.first?.contains("unknown preview device \"iPhone 3G\"") == true)
        #expect(rendering.warnings.first?.contains("iPhone SE (3rd generation)") == true)
    }

    @Test func canvasNamesReadBack() throws {
        #expect(try CanvasLayout(name: "fit") == .sizeThatFits)
        #expect(try CanvasLayout(name: "iphone-16-pro") == pro)
        #expect(try CanvasLayout(name: "iPhone 16 Pro landscape") == proTurned)
        #expect(try CanvasLayout(name: "390x844") == .fixed(width: 390, height: 844))
        // The start of one name, and of no other, will do.
        #expect(try CanvasLayout(name: "ipad mini landscape") == .device(Device.named("iPad mini (A17 Pro)")!, .landscapeLeft))
        #expect(throws: CanvasLayoutError.unknownDevice("iPad Pro")) { try CanvasLayout(name: "iPad Pro") }
        for canvas in [CanvasLayout.sizeThatFits, pro, proTurned, .fixed(width: 390.5, height: 844)] + Device.all.map({ .device($0, .portrait) }) {
            #expect(try CanvasLayout(name: canvas.name) == canvas)
        }
        #expect(throws: CanvasLayoutError.unknownDevice("Nokia 3310")) { try CanvasLayout(name: "Nokia 3310") }
        #expect(CanvasLayoutError.unknownDevice("x").description.contains("iPhone 16 Pro Max, iPhone 16 Pro,"))
        #expect(throws: CanvasLayoutError.badSize("0x10")) { try CanvasLayout(name: "0x10") }
        #expect(throws: CanvasLayoutError.badSize("20000x10")) { try CanvasLayout(name: "20000x10") }
    }
}
