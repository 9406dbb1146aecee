import Foundation
import Testing
#if canImport(FoundationXML)
import FoundationXML
#endif
@testable import StarboardUI

/// True when `svg` parses as XML.
func isWellFormedXML(_ svg: String) -> Bool {
    XMLParser(data: Data(svg.utf8)).parse()
}

@Suite("SVG writer")
struct SVGWriterTests {
    @Test(arguments: [
        (0.0, "0"), (-0.0, "0"), (1.0, "1"), (262.32, "262.32"), (1.0 / 3.0, "0.333"), (-2.5, "-2.5"),
        (0.0004, "0"), (-0.0004, "0"), (1234567.0, "1234567"), (Double.nan, "0"), (Double.infinity, "0"), (0.1 + 0.2, "0.3"),
        (0.0005, "0.001"), (-0.05, "-0.05"), (10, "10"), (100.25, "100.25"), (999.999, "999.999"), (1234.5, "1234.5"),
        (12345.678, "12345.678"), (99999.9996, "100000"), (123456.7, "123456.7"), (-98765.4321, "-98765.432"),
        (-Double.infinity, "0"), (2.04, "2.04"), (7.5, "7.5"),
    ])
    func formatsNumbersShortAndFixed(value: Double, expected: String) throws {
        #expect(SVGWriter.number(value) == expected)
    }

    @Test func otherPrecisionsKeepTheirDecimals() throws {
        #expect(SVGWriter.number(1.0 / 3.0, decimals: 6) == "0.333333")
        #expect(SVGWriter.number(0.25, decimals: 6) == "0.25")
        #expect(SVGWriter.number(-12.345, decimals: 1) == "-12.3")
        #expect(SVGWriter.number(44, decimals: 1) == "44")
    }

    @Test func escapesHostileText() throws {
        let hostile = "<script>alert(\"x\")</script> & 'quotes' 🏔️ \u{0}\u{7}"
        let svg = try Renderer.render(Text(hostile).accessibilityLabel(hostile)).svg
        #expect(!svg.contains("<script>"))
        #expect(svg.contains("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &apos;quotes&apos; 🏔️ \u{FFFD}\u{FFFD}"))
        #expect(isWellFormedXML(svg))
    }

    /// Only the span where text outside ASCII was appended is checked as UTF-8 byte by byte; the
    /// string has every byte wherever that span lies (start, middle, end, copied, joined).
    @Test(arguments: ["", "é", "☃️ snow", "snow ☃️", "a 🏔️ b 🌷 c"])
    func bytesWithTextOutsideASCIIBecomeTheSameString(text: String) throws {
        var bytes = SVGBytes(capacity: 16)
        bytes.append("<text>")
        let start = bytes.count
        bytes.appendEscaped(text)
        let label = start..<bytes.count
        bytes.append("</text><title>")
        bytes.appendCopy(of: label)
        bytes.append("</title>")
        bytes.appendString(text)
        var outer = SVGBytes(capacity: 16)
        outer.append("<g>")
        outer.append(bytes)
        outer.append("</g>")
        outer.append(bytes, from: start)
        let expected = "<text>\(text)</text><title>\(text)</title>\(text)"
        #expect(bytes.string == expected)
        #expect(outer.string == "<g>\(expected)</g>" + expected.dropFirst("<text>".utf8.count))
    }

    @Test func documentHasSizeViewBoxAndNoScript() throws {
        let svg = try Renderer.render(Rectangle().frame(width: 30, height: 20), title: "Box").svg
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"30\" height=\"20\" viewBox=\"0 0 30 20\""))
        #expect(svg.contains("<title>Box</title>"))
        #expect(!svg.lowercased().contains("<script"))
        #expect(isWellFormedXML(svg))
    }

    @Test func sameViewGivesTheSameBytes() throws {
        func make() -> some View {
            VStack {
                Text("Hello").font(.headline)
                Circle().fill(LinearGradient(colors: [.red, .blue], startPoint: .top, endPoint: .bottom)).frame(width: 20, height: 20)
            }
            .hueRotation(.degrees(30))
        }
        #expect(try Renderer.render(make()).svg == Renderer.render(make()).svg)
    }

    @Test func filtersApplyInModifierOrder() throws {
        let svg = try Renderer.render(Rectangle().frame(width: 10, height: 10).grayscale(0.5).hueRotation(.degrees(45))).svg
        let hue = try! #require(svg.range(of: "filter=\"url(#sb-hue45)\""))
        let saturate = try! #require(svg.range(of: "filter=\"url(#sb-sat0_5)\""))
        // The hue group wraps the grayscale group, so grayscale is applied first.
        #expect(hue.lowerBound < saturate.lowerBound)
        #expect(svg.contains("<filter id=\"sb-sat0_5\" color-interpolation-filters=\"sRGB\"><feColorMatrix type=\"saturate\" values=\"0.5\"/></filter>"))
        #expect(svg.contains("<filter id=\"sb-hue45\" color-interpolation-filters=\"sRGB\"><feColorMatrix type=\"hueRotate\" values=\"45\"/></filter>"))
    }

    @Test func gradientResolvesUnitPointsAgainstTheShapeFrame() throws {
        let view = Rectangle()
            .fill(LinearGradient(colors: [.white, .black], startPoint: UnitPoint(x: 0.5, y: 0), endPoint: UnitPoint(x: 0.5, y: 0.6)))
            .frame(width: 300, height: 300)
        let svg = try Renderer.render(view).svg
        #expect(svg.contains("gradientUnits=\"userSpaceOnUse\" x1=\"150\" y1=\"0\" x2=\"150\" y2=\"180\""))
        #expect(isWellFormedXML(svg))
    }

    @Test func tappableElementsCarryTheirIdAndRole() throws {
        let rendering = try Renderer.render(
            Circle().frame(width: 20, height: 20).accessibility(label: "Dot", value: "on", hint: "Tap it").tappable(id: "dot-1")
        )
        #expect(rendering.svg.contains("<g data-id=\"dot-1\" data-tap=\"dot-1\" role=\"button\" aria-label=\"Dot\"><title>Dot</title><desc>on Tap it</desc>"))
        #expect(rendering.accessibility == [
            AccessibilityElement(id: "dot-1", label: "Dot", value: "on", hint: "Tap it", frame: Rect(x: 0, y: 0, width: 20, height: 20), isTappable: true, traits: ["button"]),
        ])
    }

    @Test func traitsAreNamedInDeclarationOrder() {
        #expect(AccessibilityTraits().names == [])
        #expect(AccessibilityTraits.isButton.names == ["button"])
        #expect(AccessibilityTraits([.isHeader, .isButton, .updatesFrequently]).names == ["button", "header", "updatesFrequently"])
        #expect(AccessibilityTraits([.isToggle, .isSelected]).names == ["selected", "toggle"])
    }

    @Test func shapesDrawTheirOutlines() throws {
        #expect(SVGWriter.pathData(Path { $0.addLines([Point(x: 0, y: 0), Point(x: 1, y: 2)]); $0.closeSubpath() }) == "M0 0 L1 2 Z")
        var curve = Path()
        curve.move(to: .zero)
        curve.addQuadCurve(to: Point(x: 10, y: 0), control: Point(x: 5, y: 5))
        curve.addCurve(to: Point(x: 20, y: 0), control1: Point(x: 12, y: 3), control2: Point(x: 18, y: 3))
        #expect(SVGWriter.pathData(curve) == "M0 0 Q5 5 10 0 C12 3 18 3 20 0")
        let capsule = try Renderer.render(Capsule().frame(width: 40, height: 10)).svg
        #expect(capsule.contains("A5 5 0 0 1"))
    }
}

@Suite("Accessibility modifiers")
struct AccessibilityModifierTests {
    /// A chain of accessibility modifiers is one node and one element; the innermost fact wins
    /// where two set the same one, as when layout merged a run of nodes.
    @Test func aChainIsOneNodeAndOneElement() throws {
        let rendering = try Renderer.render(
            Rectangle().frame(width: 10, height: 10)
                .accessibilityIdentifier("box")
                .accessibilityLabel("Inner")
                .accessibilityValue("3")
                .accessibilityLabel("Outer")
                .accessibilityHint("Tap")
                .accessibilityAddTraits(.isHeader)
        )
        // The rectangle, its frame and one accessibility node.
        #expect(rendering.statistics.nodes == 3)
        #expect(rendering.accessibility == [
            AccessibilityElement(id: "box", label: "Inner", value: "3", hint: "Tap", frame: Rect(x: 0, y: 0, width: 10, height: 10), isTappable: false, traits: ["header"]),
        ])
        #expect(rendering.svg.contains("<g data-id=\"box\" role=\"heading\" aria-label=\"Inner\"><title>Inner</title><desc>3 Tap</desc>"))
    }

    /// Modifiers on a group reach each view; a later one merges into each view's own facts
    /// without changing the other views'.
    @Test func aChainOnAGroupMergesPerView() throws {
        let rendering = try Renderer.render(
            VStack {
                Group {
                    Rectangle().frame(width: 10, height: 10).accessibilityLabel("First")
                    Rectangle().frame(width: 10, height: 10)
                }
                .accessibilityValue("shared")
                .accessibilityLabel("Fallback")
            }
        )
        #expect(rendering.accessibility.map(\.label) == ["First", "Fallback"])
        #expect(rendering.accessibility.map(\.value) == ["shared", "shared"])
    }

    /// A view's own entry takes later facts in place; an entry a group's views share is copied
    /// first when one of them alone takes more (as a control takes one built option), so the
    /// other views keep theirs.
    @Test func aSharedEntryIsCopiedBeforeOneViewTakesMore() throws {
        var graph = ViewGraph(limits: RenderLimits())
        Rectangle().accessibilityLabel("Own").accessibilityHint("Later")._makeNodes(in: &graph)
        Group { Rectangle(); Circle() }.accessibilityLabel("Both")._makeNodes(in: &graph)
        graph.wrapEach(from: graph.pending.count - 1, in: .accessibility(AccessibilityInfo(hint: "Only the circle")))
        func entry(_ slot: Int) -> (index: Int32, info: AccessibilityInfo)? {
            guard case .modifier(.accessibility(let index)) = graph.nodes[Int(graph.pending[slot])].kind else { return nil }
            return (index, graph.accessibility[Int(index)])
        }
        let own = try #require(entry(0)), rectangle = try #require(entry(1)), circle = try #require(entry(2))
        #expect(own.info == AccessibilityInfo(label: "Own", hint: "Later"))
        #expect(rectangle.info == AccessibilityInfo(label: "Both"))
        #expect(circle.info == AccessibilityInfo(label: "Both", hint: "Only the circle"))
        #expect(rectangle.index != circle.index)
        // Own entry filled in place, the shared one once, the circle's copy: three, not four.
        #expect(graph.accessibility.count == 3)
    }

    /// A tap target between two accessibility modifiers still makes one element with both.
    @Test func aTapBetweenAccessibilityModifiersStaysOneElement() throws {
        let rendering = try Renderer.render(
            Rectangle().frame(width: 10, height: 10)
                .accessibilityLabel("Dot")
                .tappable(id: "dot")
                .accessibilityHint("Opens it")
        )
        #expect(rendering.accessibility == [
            AccessibilityElement(id: "dot", label: "Dot", value: nil, hint: "Opens it", frame: Rect(x: 0, y: 0, width: 10, height: 10), isTappable: true, traits: ["button"]),
        ])
    }
}
