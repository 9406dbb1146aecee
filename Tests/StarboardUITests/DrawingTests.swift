import Foundation
import Testing
@testable import StarboardUI

/// `Canvas` and its `GraphicsContext`, `.blendMode` and materials, as SVG.
@Suite struct DrawingTests {
    @Test func aCanvasFillsAndStrokesPathsInItsOwnCoordinates() throws {
        let view = Canvas { context, size in
            context.fill(Path(CGRect(x: 0, y: 0, width: size.width, height: size.height)), with: .color(.blue))
            var line = Path()
            line.move(to: CGPoint(x: 0, y: size.height))
            line.addLine(to: CGPoint(x: size.width, y: 0))
            context.stroke(line, with: .color(.red), lineWidth: 3)
        }
        .frame(width: 80, height: 40)
        .padding(10)
        let svg = try Renderer.render(view).svg
        // The canvas's origin is its own top-left corner, 10 points into the picture.
        #expect(svg.contains("<path d=\"M10 10 L90 10 L90 50 L10 50 Z\" fill=\"#"))
        #expect(svg.contains("<path d=\"M10 50 L90 10\" fill=\"none\" stroke=\"#"))
        #expect(svg.contains("stroke-width=\"3\""))
    }

    @Test func transformsAreMatricesAboutTheCanvasCorner() throws {
        let view = Canvas { context, _ in
            context.translateBy(x: 20, y: 5)
            context.scaleBy(x: 2, y: 2)
            context.rotate(by: .degrees(90))
            context.fill(Path(CGRect(x: 0, y: 0, width: 4, height: 4)), with: .color(.green))
        }
        .frame(width: 50, height: 50)
        .padding(10)
        let svg = try Renderer.render(view).svg
        // rotate, then scale, then translate; about the canvas at (10, 10): rotate(90)·scale 2
        // is (0 2 -2 0), and the corner maps to 10 + 20 − (0·10 − 2·10) … written out.
        let expected = AffineTransform.rotation(.degrees(90), about: .zero)
            .followed(by: AffineTransform(a: 2, b: 0, c: 0, d: 2, tx: 0, ty: 0))
            .followed(by: AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 20, ty: 5))
            .about(Point(x: 10, y: 10))
        #expect(abs(expected.a) < 1e-9 && abs(expected.b - 2) < 1e-9)
        #expect(svg.contains("transform=\"matrix(0 2 -2 0 \(SVGWriter.number(expected.tx)) \(SVGWriter.number(expected.ty)))\""))
        // The point (0, 0) of the context lands at (30, 15) in the picture.
        #expect(expected.apply(Point(x: 10, y: 10)) == Point(x: 30, y: 15))
    }

    @Test func opacityBlendModeAndClipAreGroups() throws {
        let view = Canvas { context, size in
            context.clip(to: Path(ellipseIn: CGRect(x: 0, y: 0, width: size.width, height: size.height)))
            context.opacity = 0.5
            context.blendMode = .multiply
            context.fill(Path(CGRect(x: 0, y: 0, width: 10, height: 10)), with: .color(.red))
        }
        .frame(width: 40, height: 20)
        let svg = try Renderer.render(view).svg
        #expect(svg.contains("opacity=\"0.5\" style=\"mix-blend-mode:multiply\""))
        #expect(svg.contains("<clipPath id=\"sb-c"))
        let clipUse = try #require(svg.range(of: "clip-path=\"url(#sb-c"))
        let blend = try #require(svg.range(of: "mix-blend-mode:multiply"))
        // The blend group is outermost; the clip inside it, the fill inside that.
        #expect(blend.lowerBound < clipUse.lowerBound)
    }

    @Test func aLayerCompositesItsDrawingOnceWithTheOuterOpacity() throws {
        let view = Canvas { context, _ in
            context.opacity = 0.25
            context.drawLayer { layer in
                layer.fill(Path(CGRect(x: 0, y: 0, width: 10, height: 10)), with: .color(.red))
                layer.fill(Path(CGRect(x: 5, y: 5, width: 10, height: 10)), with: .color(.blue))
            }
        }
        .frame(width: 20, height: 20)
        let svg = try Renderer.render(view).svg
        #expect(svg.components(separatedBy: "opacity=\"0.25\"").count == 2)
        let group = try #require(svg.range(of: "opacity=\"0.25\""))
        #expect(svg[group.upperBound...].components(separatedBy: "<path").count == 3)
    }

    @Test func gradientsAreInContextPointsAndStylesInThePathsBounds() throws {
        let gradient = Gradient(colors: [.red, .blue])
        let view = Canvas { context, _ in
            context.fill(Path(CGRect(x: 0, y: 0, width: 100, height: 10)), with: .linearGradient(gradient, startPoint: CGPoint(x: 0, y: 0), endPoint: CGPoint(x: 100, y: 0)))
            context.fill(Path(CGRect(x: 20, y: 20, width: 40, height: 40)), with: .style(LinearGradient(gradient: gradient, startPoint: .top, endPoint: .bottom)))
        }
        .frame(width: 100, height: 100)
        let svg = try Renderer.render(view).svg
        #expect(svg.contains("x1=\"0\" y1=\"0\" x2=\"100\" y2=\"0\""))
        // A style's unit points are the path's bounds: from its top (40, 20) to its bottom (40, 60).
        #expect(svg.contains("x1=\"40\" y1=\"20\" x2=\"40\" y2=\"60\""))
    }

    @Test func textIsDrawnAtItsAnchor() throws {
        let view = Canvas { context, _ in
            context.draw(Text("Hi"), at: CGPoint(x: 50, y: 50), anchor: .topLeading)
            context.draw(Image(systemName: "star.fill"), in: CGRect(x: 0, y: 0, width: 20, height: 20))
        }
        .frame(width: 100, height: 100)
        let result = try Renderer.render(view)
        #expect(result.svg.contains("<text x=\"50\" y=\""))
        #expect(result.svg.contains(">Hi</text>"))
        #expect(result.svg.contains("<path d=\"M10 0.6"))
    }

    @Test(arguments: BlendMode.allCases.filter { $0 != .normal })
    func everyBlendModeIsItsCSSKeyword(_ mode: BlendMode) throws {
        let svg = try Renderer.render(Color.red.frame(width: 4, height: 4).blendMode(mode)).svg
        #expect(svg.contains("style=\"mix-blend-mode:\(mode.cssName)\""))
    }

    @Test func normalBlendingWritesNothing() throws {
        let svg = try Renderer.render(Color.red.frame(width: 4, height: 4).blendMode(.normal)).svg
        #expect(!svg.contains("mix-blend-mode"))
    }

    @Test(arguments: [(Material.ultraThin, 0.35, 0.4), (.thin, 0.5, 0.55), (.regular, 0.65, 0.7), (.thick, 0.8, 0.82), (.ultraThick, 0.9, 0.92), (.bar, 0.94, 0.94)])
    func materialsAreTranslucentFillsThickerWhenThicker(_ material: Material, light: Double, dark: Double) throws {
        let view = Text("A").background(material, in: RoundedRectangle(cornerRadius: 8))
        let lightSVG = try Renderer.render(view).svg
        var environment = EnvironmentValues()
        environment.colorScheme = .dark
        let darkSVG = try Renderer.render(view, environment: environment).svg
        #expect(lightSVG.contains("fill-opacity=\"\(SVGWriter.number(light))\""))
        #expect(darkSVG.contains("fill-opacity=\"\(SVGWriter.number(dark))\""))
        #expect(lightSVG.contains(material == .bar ? "fill=\"#F9F9F9\"" : "fill=\"#FFFFFF\""))
    }
}

/// Markdown in `Text` literals, as SwiftUI reads it.
@Suite struct MarkdownTextTests {
    @Test func aLiteralsMarkdownBecomesRunsInTheirOwnFaces() throws {
        let svg = try Renderer.render(Text("Go **far** *now* `code` [docs](https://example.com)")).svg
        #expect(!svg.contains("**") && !svg.contains("`") && !svg.contains("https://"))
        #expect(svg.contains("font-weight=\"bold\" fill=\"#000000\">far</tspan>"))
        #expect(svg.contains("font-style=\"italic\" fill=\"#000000\">now</tspan>"))
        #expect(svg.contains("font-family=\"DejaVu Sans Mono\" font-size=\"17\" fill=\"#000000\">code</tspan>"))
        // The link is in the accent color, its text without the brackets.
        #expect(svg.contains("fill=\"#007AFF\">docs</tspan>"))
    }

    @Test func aStringVariableIsNotMarkdown() throws {
        let source = "**not bold**"
        let svg = try Renderer.render(Text(source)).svg
        #expect(svg.contains("**not bold**"))
        #expect(!svg.contains("font-weight"))
    }

    @Test func interpolatedValuesAreNotMarkdown() throws {
        let name = "*star*"
        let svg = try Renderer.render(Text("Hello **\(name)**")).svg
        // Both of the value's asterisks are drawn, and its word is bold.
        #expect(svg.components(separatedBy: "*").count == 3)
        #expect(svg.contains("font-weight=\"bold\""))
        #expect(!svg.contains("font-style=\"italic\""))
    }

    @Test(arguments: [
        ("a **b** c", [MarkdownText.Piece(string: "a "), .init(string: "b", isBold: true), .init(string: " c")]),
        ("snake_case_name", nil),
        ("2 * 3 = 6", [MarkdownText.Piece(string: "2 * 3 = 6")]),
        ("\\*kept\\*", [MarkdownText.Piece(string: "*kept*")]),
        ("_it_ and __bo__", [.init(string: "it", isItalic: true), .init(string: " and "), .init(string: "bo", isBold: true)]),
        ("`a*b*`", [MarkdownText.Piece(string: "a*b*", isCode: true)]),
    ])
    func piecesFollowTheDelimiters(_ source: String, _ expected: [MarkdownText.Piece]?) {
        let pieces = MarkdownText.pieces(source)
        if let expected {
            #expect(pieces == expected)
        } else {
            #expect(pieces == [MarkdownText.Piece(string: source)])
        }
    }
}

/// `Text("Hiker since ") + Text(date, style: .date)`: a literal (now read as Markdown) joined to a
/// formatted date keeps both runs, copied and joined again (the reverted first try crashed here).
@Suite struct MarkdownJoinedTextTests {
    @Test func aLiteralJoinedToADateKeepsBothRuns() throws {
        let date = Date(timeIntervalSinceReferenceDate: 0)
        let joined = Text("Hiker since ") + Text(date, style: .date).italic()
        let copies = [joined, joined + Text(" **now**")]
        #expect(copies[0].plainString == "Hiker since January 1, 2001")
        #expect(copies[1].plainString == "Hiker since January 1, 2001 now")
        let svg = try Renderer.render(copies[1]).svg
        #expect(svg.contains(">Hiker since <") && !svg.contains("font-style=\"italic\" fill=\"#000000\"> </tspan>"))
        #expect(svg.contains("font-style=\"italic\" fill=\"#000000\">January 1, 2001</tspan>"))
        #expect(svg.contains("font-weight=\"bold\" fill=\"#000000\">now</tspan>"))
    }
}
