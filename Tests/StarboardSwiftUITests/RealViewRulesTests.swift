import Foundation
import Testing
@testable import StarboardUI

/// What small public views reached for and drew wrong or could not compile (issue 24's check):
/// each rule as SwiftUI documents it, and the views in `Views/` that use them as goldens.
@Suite("Rules real views showed")
struct RealViewRulesTests {
    /// The frame of the element labelled `label`.
    func frame(_ label: String, in rendering: Rendering, sourceLocation: SourceLocation = #_sourceLocation) -> Rect? {
        let found = rendering.accessibility.first { $0.label == label }?.frame
        if found == nil { Issue.record("no element labelled \(label)", sourceLocation: sourceLocation) }
        return found
    }

    // MARK: Shapes

    /// A shape is asked for its path in its own space (`path(in:)`'s rect starts at the origin):
    /// a path drawn from (0, 0) is drawn where the shape is laid out, not at the screen's corner.
    struct Wedge: Shape {
        func path(in rect: CGRect) -> Path {
            var path = Path()
            path.move(to: CGPoint(x: 0, y: 0))
            path.addLine(to: CGPoint(x: rect.width, y: rect.height))
            path.addLine(to: CGPoint(x: 0, y: rect.height))
            path.closeSubpath()
            return path
        }
    }

    @Test func aShapesPathIsInItsOwnSpace() throws {
        let svg = try Renderer.render(Wedge().fill(Color.red).frame(width: 40, height: 20).padding(10)).svg
        #expect(svg.contains("<path d=\"M10 10 L50 30 L10 30 Z\" fill=\"#FF3B30\"/>"))
        // The same in a stack, the shape's frame anywhere: moved with it.
        let stacked = try Renderer.render(HStack(spacing: 0) { Color.clear.frame(width: 30, height: 20); Wedge().frame(width: 40, height: 20) }).svg
        #expect(stacked.contains("<path d=\"M30 0 L70 20 L30 20 Z\""))
    }

    // MARK: Progress view styles

    struct Recording: ProgressViewStyle {
        final class Seen: @unchecked Sendable { var fractions: [Double?] = []; var labels: [Bool] = [] }
        let seen: Seen
        func makeBody(configuration: Configuration) -> some View {
            seen.fractions.append(configuration.fractionCompleted)
            seen.labels.append(configuration.label != nil)
            return Rectangle().frame(width: 100 * (configuration.fractionCompleted ?? 0), height: 4)
        }
    }

    @Test func aProgressStyleDrawsFromTheFractionAndLabel() throws {
        let seen = Recording.Seen()
        _ = try Renderer.render(VStack {
            ProgressView(value: 1, total: 4)
            ProgressView("Copying", value: 3.0, total: 2.0)
            ProgressView()
        }.progressViewStyle(Recording(seen: seen)))
        // value / total, clamped to 1, and nil for the indeterminate one; a label only where given.
        #expect(seen.fractions == [0.25, 1, nil])
        #expect(seen.labels == [false, true, false])
    }

    /// `ProgressView(configuration)` in a `makeBody` draws the style around the one defined (here
    /// iOS's bar), so a style that only adds to it does not recurse.
    struct Framed: ProgressViewStyle {
        func makeBody(configuration: Configuration) -> some View {
            ProgressView(configuration).padding(6).border(Color.orange, width: 2)
        }
    }

    @Test func aStyleThatWrapsTheDefaultDrawsIt() throws {
        let rendering = try Renderer.render(ProgressView(value: 0.5).progressViewStyle(Framed()).frame(width: 200))
        #expect(rendering.accessibility.contains { $0.value == "50 percent" })
        #expect(rendering.svg.contains("stroke=\"#FF9500\""))
    }

    @Test func theCircularStyleIsTheSpinnerOnIOS() throws {
        // CircularProgressViewStyle: where no determinate circular style exists (iOS), indeterminate.
        let rendering = try Renderer.render(ProgressView(value: 0.5).progressViewStyle(.circular))
        #expect(rendering.accessibility.map(\.label) == ["In progress"])
        let linear = try Renderer.render(ProgressView(value: 0.5).progressViewStyle(.linear).frame(width: 100))
        #expect(linear.accessibility.map(\.value) == ["50 percent"])
    }

    // MARK: Masks

    @Test func aMaskOfAnyViewIsAnAlphaMask() throws {
        let svg = try Renderer.render(
            Rectangle().fill(Color.red).frame(width: 100, height: 40)
                .mask { LinearGradient(colors: [.black, .clear], startPoint: .top, endPoint: .bottom) }
        ).svg
        // The mask's drawing is a definition, used by its alpha, over the masked drawing.
        #expect(svg.contains("<mask id=\"sb-m"))
        #expect(svg.contains("style=\"mask-type:alpha\"><g data-id=\"element-1\" aria-hidden=\"true\"><path d=\"M0 0 L100 0 L100 40 L0 40 Z\" fill=\"url(#sb-g"))
        #expect(svg.contains("<g mask=\"url(#sb-m"))
        let masks = svg.components(separatedBy: "<mask ").count - 1
        #expect(masks == 1)
    }

    @Test func aMaskIsLaidOutInTheViewsFrameByItsAlignment() throws {
        let svg = try Renderer.render(
            Color.blue.frame(width: 100, height: 40).mask(alignment: .trailing) { Circle().fill(Color.black.opacity(0.5)).frame(width: 20, height: 20) }
        ).svg
        // 20 points wide at the trailing edge, centred vertically: x 80…100, y 10…30.
        #expect(svg.contains("<path d=\"M80 20 A10 10 0 0 1 100 20 A10 10 0 0 1 80 20 Z\" fill=\"#000000\" fill-opacity=\"0.5\"/>"))
    }

    @Test func aMasksTextIsNotReadNorAudited() throws {
        let rendering = try Renderer.render(
            Color.orange.frame(width: 120, height: 40).mask(Text("Sale").font(.title)).accessibilityLabel("Banner"), audit: true
        )
        #expect(rendering.accessibility.map(\.label) == ["Banner"])
        #expect(rendering.audit.isEmpty)
    }

    @Test func aShapeMaskStillClips() throws {
        let svg = try Renderer.render(Color.blue.frame(width: 40, height: 40).mask(Circle())).svg
        #expect(svg.contains("clip-path=\"url(#sb-c"))
        #expect(!svg.contains("<mask"))
    }

    // MARK: Safe-area insets

    @Test func aBottomInsetTakesItsHeightFromTheView() throws {
        let view = Color.blue.accessibilityLabel("content")
            .safeAreaInset(edge: .bottom, spacing: 0) {
                Color.yellow.frame(height: 44).accessibilityLabel("bar")
            }
        let rendering = try Renderer.render(view, canvas: .fixed(width: 300, height: 400))
        #expect(frame("content", in: rendering) == Rect(x: 0, y: 0, width: 300, height: 356))
        #expect(frame("bar", in: rendering) == Rect(x: 0, y: 356, width: 300, height: 44))
    }

    @Test func anInsetIsAlignedAndSpaced() throws {
        let view = Color.blue.accessibilityLabel("content")
            .safeAreaInset(edge: .top, alignment: .trailing, spacing: 10) {
                Color.red.frame(width: 50, height: 30).accessibilityLabel("badge")
            }
        let rendering = try Renderer.render(view, canvas: .fixed(width: 200, height: 300))
        #expect(frame("badge", in: rendering) == Rect(x: 150, y: 0, width: 50, height: 30))
        #expect(frame("content", in: rendering) == Rect(x: 0, y: 40, width: 200, height: 260))
        let side = Color.blue.accessibilityLabel("content")
            .safeAreaInset(edge: .leading, spacing: 0) { Color.gray.frame(width: 60).accessibilityLabel("rail") }
        let turned = try Renderer.render(side, canvas: .fixed(width: 200, height: 100))
        #expect(frame("rail", in: turned) == Rect(x: 0, y: 0, width: 60, height: 100))
        #expect(frame("content", in: turned) == Rect(x: 60, y: 0, width: 140, height: 100))
    }

    // MARK: Missing colours

    @Test func aMissingColourAsAStyleWarns() throws {
        let rendering = try Renderer.render(Capsule().fill(Color("Mint03")).frame(width: 50, height: 30))
        #expect(rendering.warnings == ["no colour set \"Mint03\" in the package's resources; clear stands in"])
        let stroked = try Renderer.render(Circle().stroke(Color("Ring"), lineWidth: 4).frame(width: 30, height: 30))
        #expect(stroked.warnings.count == 1)
    }

    // MARK: Lists

    @Test func aListOverARangeHasARowForEachNumber() throws {
        let rendering = try Renderer.render(List(0..<3) { Text("Row \($0)") }, canvas: .fixed(width: 300, height: 400))
        #expect(rendering.svg.contains(">Row 0<") && rendering.svg.contains(">Row 2<"))
        #expect(!rendering.svg.contains(">Row 3<"))
    }

    // MARK: Goldens

    @Test func theViewsRenderAsGolden() throws {
        let spelling = SwiftUISpellingTests()
        spelling.assertSnapshot(try Renderer.render(SaleBanner()).svg, named: "SaleBanner")
        spelling.assertSnapshot(try Renderer.render(CheckoutList(), canvas: .standardDevice).svg, named: "CheckoutList")
    }
}
