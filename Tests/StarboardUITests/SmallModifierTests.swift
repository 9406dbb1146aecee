import Testing
@testable import StarboardUI

private struct Greeting: View {
    @State private var name = "nobody"
    var body: some View {
        Text("Hello, \(name)").onAppear { name = "world" }
    }
}

private final class AppearCounter { var count = 0 }

private struct CountsAppearances: View {
    let counter: AppearCounter
    var body: some View {
        Text("Counted").onAppear { counter.count += 1 }
    }
}

private struct Watches: View {
    @State private var seen = "none"
    let value: Int
    var body: some View {
        VStack {
            Text("Seen \(seen)").onChange(of: value, initial: true) { old, new in seen = "\(old)→\(new)" }
            Text("Later").onChange(of: value) { _ in fatalError("a still preview has no later change") }
        }
    }
}

@Suite("Small modifiers and types")
struct SmallModifierTests {
    @Test func interpolationTakesPrintfSpecifiers() throws {
        let distance = 12.345
        let svg = try Renderer.render(Text("\(distance, specifier: "%.1f") km, \(7, specifier: "%03d")")).svg
        #expect(svg.contains(">12.3 km, 007<"))
        // Plain interpolation writes values as String does.
        #expect(try Renderer.render(Text("Row \(3) of \(2.5)")).svg.contains(">Row 3 of 2.5<"))
    }

    @Test func uiKitColoursFollowTheColourScheme() throws {
        var dark = EnvironmentValues()
        dark.colorScheme = .dark
        #expect(Color(.systemBackground).resolve(in: EnvironmentValues()) == Color.Resolved(red: 1, green: 1, blue: 1))
        #expect(Color(.systemBackground).resolve(in: dark) == Color.Resolved(red: 0, green: 0, blue: 0))
        #expect(Color(uiColor: .label).resolve(in: dark) == Color.Resolved(red: 1, green: 1, blue: 1))
        #expect(Color(.secondaryLabel).resolve(in: EnvironmentValues()).opacity == 0.6)
        #expect(Color(.systemGray6).hex == "#F2F2F7")
        #expect(Color(.systemGray6).resolve(in: dark) == Color.Resolved(28, 28, 30))
        #expect(Color(.systemBlue).resolve(in: dark) == Color.blue.resolve(in: dark))
        let svg = try Renderer.render(Text("Hi").foregroundColor(Color(.secondaryLabel))).svg
        #expect(svg.contains("fill=\"#3C3C43\" fill-opacity=\"0.6\""))
    }

    @Test func aColourGradientRunsFromLighterAtTheTopToTheColour() throws {
        let gradient = Color.blue.gradient
        #expect(gradient.startPoint == .top && gradient.endPoint == .bottom)
        let stops = gradient.gradient.stops
        #expect(stops.count == 2)
        #expect(stops[1].color == Color.blue)
        let top = stops[0].color.resolve(in: EnvironmentValues())
        #expect(top.red > 0 && top.green > 122.0 / 255 && top.blue == 1)
        let svg = try Renderer.render(Rectangle().fill(Color.red.gradient).frame(width: 20, height: 20)).svg
        #expect(svg.contains("<linearGradient"))
    }

    @Test func aLinearProgressViewFillsItsShareOfTheWidthOffered() throws {
        let view = VStack {
            ProgressView(value: 3, total: 4).accessibilityIdentifier("bar")
        }
        .frame(width: 200)
        let rendering = try Renderer.render(view)
        let bar = try #require(rendering.accessibility.first { $0.id == "bar" })
        #expect(bar.frame.width == 200)
        #expect(bar.frame.height == 4)
        #expect(bar.value == "75 percent")
        // A track the full width and a fill three quarters of it.
        #expect(rendering.svg.contains("M2 0 L148 0 A2 2 0 0 1 150 2"))
        #expect(rendering.svg.contains("fill=\"#007AFF\""))
        let titled = try Renderer.render(ProgressView("Uploading", value: 0.5).frame(width: 200)).svg
        #expect(titled.contains(">Uploading<"))
    }

    @Test func aSpinnerIsDrawnStillWithItsTitleBelow() throws {
        let rendering = try Renderer.render(ProgressView("Loading"))
        #expect(rendering.accessibility.contains { $0.label == "In progress" && $0.frame.size == Size(width: 20, height: 20) })
        #expect(rendering.svg.contains(">Loading<"))
        #expect(rendering.svg.components(separatedBy: "rotate(").count - 1 >= 7)
        let overflowing = try Renderer.render(ProgressView(value: 9.0, total: 3).frame(width: 100))
        #expect(overflowing.accessibility.first?.value == "100 percent")
    }

    @Test func pathsTakeCoreGraphicsTransforms() throws {
        var path = Path()
        path.move(to: CGPoint(x: 0, y: 0))
        path.addLine(to: CGPoint(x: 10, y: 0))
        let moved = path.applying(CGAffineTransform(translationX: 5, y: 5).scaledBy(x: 2, y: 2))
        #expect(moved.elements == [.move(to: Point(x: 5, y: 5)), .line(to: Point(x: 25, y: 5))])
        let turned = CGPoint(x: 10, y: 0).applying(CGAffineTransform(rotationAngle: .pi / 2))
        #expect(abs(turned.x) < 1e-9 && abs(turned.y - 10) < 1e-9)
        let both = CGAffineTransform(scaleX: 2, y: 2).concatenating(CGAffineTransform(translationX: 1, y: 0))
        #expect(CGPoint(x: 1, y: 1).applying(both) == CGPoint(x: 3, y: 2))
    }

    @Test func onAppearRunsOnceAndTheViewShowsWhatItSet() throws {
        #expect(try Renderer.render(Greeting()).svg.contains(">Hello, world<"))
        let counter = AppearCounter()
        _ = try Renderer.render(CountsAppearances(counter: counter))
        #expect(counter.count == 1)
    }

    @Test func onChangeRunsOnlyForItsInitialValue() throws {
        #expect(try Renderer.render(Watches(value: 4)).svg.contains(">Seen 4→4<"))
    }

    @Test func aTaskIsAcceptedAndNotRun() throws {
        final class Flag: @unchecked Sendable { var ran = false }
        let flag = Flag()
        let svg = try Renderer.render(Text("Waiting").task { flag.ran = true }.task(id: 3) { flag.ran = true }).svg
        #expect(svg.contains(">Waiting<"))
        #expect(!flag.ran)
    }
}

@Suite("Trimmed shapes")
struct TrimTests {
    @Test func aTrimmedRectangleStrokesItsShareFromTheTopLeadingCorner() throws {
        let svg = try Renderer.render(Rectangle().trim(from: 0.25, to: 0.5).stroke(Color.red, lineWidth: 2).frame(width: 10, height: 10)).svg
        #expect(svg.contains("pathLength=\"1\" stroke-dasharray=\"0.25 0.75\" stroke-dashoffset=\"-0.25\""))
        #expect(svg.contains("fill=\"none\""))
    }

    @Test func anEmptyTrimDrawsNothingAndAFullOneTheWholeOutline() throws {
        let empty = try Renderer.render(Circle().trim(from: 0.5, to: 0.5).stroke(Color.red).frame(width: 10, height: 10))
        #expect(!empty.svg.contains("stroke="))
        #expect(empty.size == Size(width: 10, height: 10))
        let full = try Renderer.render(Circle().trim(from: 0, to: 1).stroke(Color.red).frame(width: 10, height: 10)).svg
        #expect(full == (try Renderer.render(Circle().stroke(Color.red).frame(width: 10, height: 10)).svg))
    }
}

@Suite("Masks")
struct MaskTests {
    @Test func aShapeMaskCutsTheViewAsAClipShapeDoes() throws {
        let masked = try Renderer.render(Color.blue.frame(width: 40, height: 40).mask(Circle())).svg
        let clipped = try Renderer.render(Color.blue.frame(width: 40, height: 40).clipShape(Circle())).svg
        #expect(masked == clipped)
        #expect(masked.contains("clip-path=\"url(#"))
        let closure = try Renderer.render(Color.blue.frame(width: 40, height: 40).mask { RoundedRectangle(cornerRadius: 8) }).svg
        #expect(closure == (try Renderer.render(Color.blue.frame(width: 40, height: 40).clipShape(RoundedRectangle(cornerRadius: 8))).svg))
    }
}
