import Testing
@testable import StarboardUI

/// Frames of the elements marked with ids, the way tests look at layout from outside.
func frames(_ view: some View) throws -> [String: Rect] {
    Dictionary(uniqueKeysWithValues: try Renderer.render(view).accessibility.map { ($0.id, $0.frame) })
}

func box(_ id: String, _ width: Double, _ height: Double) -> some View {
    Rectangle().frame(width: width, height: height).accessibilityIdentifier(id)
}

@Suite("Layout")
struct LayoutTests {
    @Test func hStackPlacesChildrenWithSpacing() throws {
        let view = HStack(spacing: 8) {
            box("a", 44, 44)
            box("b", 44, 44)
            box("c", 20, 10)
        }
        let rendering = try Renderer.render(view)
        #expect(rendering.size == Size(width: 44 + 8 + 44 + 8 + 20, height: 44))
        let f = try frames(view)
        #expect(f["b"] == Rect(x: 52, y: 0, width: 44, height: 44))
        // Centred vertically by default.
        #expect(f["c"] == Rect(x: 104, y: 17, width: 20, height: 10))
    }

    @Test(arguments: [
        (VerticalAlignment.top, 0.0), (.center, 15.0), (.bottom, 30.0),
    ])
    func hStackAlignsVertically(alignment: VerticalAlignment, expectedY: CGFloat) throws {
        let view = HStack(alignment: alignment, spacing: 0) {
            box("tall", 10, 40)
            box("short", 10, 10)
        }
        #expect(try frames(view)["short"]?.minY == expectedY)
    }

    @Test(arguments: [
        (HorizontalAlignment.leading, 0.0), (.center, 20.0), (.trailing, 40.0),
    ])
    func vStackAlignsHorizontally(alignment: HorizontalAlignment, expectedX: Double) throws {
        let view = VStack(alignment: alignment, spacing: 5) {
            box("wide", 60, 10)
            box("narrow", 20, 10)
        }
        let f = try frames(view)
        #expect(f["narrow"] == Rect(x: expectedX, y: 15, width: 20, height: 10))
    }

    @Test func zStackAlignsChildrenInTheLargest() throws {
        let view = ZStack(alignment: .bottomTrailing) {
            box("back", 100, 50)
            box("front", 10, 10)
        }
        #expect(try frames(view)["front"] == Rect(x: 90, y: 40, width: 10, height: 10))
    }

    @Test func frameAlignsItsChild() throws {
        let view = Rectangle().frame(width: 10, height: 10).accessibilityIdentifier("child")
            .frame(width: 100, height: 60, alignment: .topTrailing)
        #expect(try Renderer.render(view).size == Size(width: 100, height: 60))
        #expect(try frames(view)["child"] == Rect(x: 90, y: 0, width: 10, height: 10))
    }

    @Test func paddingAddsAroundTheChild() throws {
        let view = box("child", 30, 20).padding(EdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4))
        #expect(try Renderer.render(view).size == Size(width: 36, height: 24))
        #expect(try frames(view)["child"] == Rect(x: 2, y: 1, width: 30, height: 20))
    }

    @Test func negativePaddingOffersMoreSpace() throws {
        let view = GeometryReader { geometry in
            Rectangle().frame(width: geometry.size.width, height: geometry.size.height).accessibilityIdentifier("inner")
        }
        .padding(-10)
        .frame(width: 50, height: 50)
        // 70 points wide from 10 left of the frame: the image grows to show it, so it starts at 0.
        let rendering = try Renderer.render(view)
        #expect(rendering.size == Size(width: 70, height: 70))
        #expect(try frames(view)["inner"] == Rect(x: 0, y: 0, width: 70, height: 70))
    }

    @Test func flexibleChildrenShareTheRemainingWidth() throws {
        let view = HStack(spacing: 0) {
            box("fixed", 20, 10)
            Rectangle().accessibilityIdentifier("flexible")
        }
        .frame(width: 100, height: 10)
        #expect(try frames(view)["flexible"] == Rect(x: 20, y: 0, width: 80, height: 10))
    }

    @Test func scaleEffectScalesAboutItsAnchor() throws {
        let view = box("scaled", 100, 100).scaleEffect(0.5, anchor: .top).frame(width: 100, height: 100)
        // The element's frame is reported where it is drawn.
        #expect(try frames(view)["scaled"] == Rect(x: 25, y: 0, width: 50, height: 50))
        let svg = try Renderer.render(view).svg
        #expect(svg.contains("transform=\"matrix(0.5 0 0 0.5 25 0)\""))
    }

    @Test func rotationEffectRotatesAboutItsAnchor() throws {
        let view = box("turned", 40, 20).rotationEffect(.degrees(90), anchor: .bottomLeading)
        let frame = try! #require(try frames(view)["turned"])
        // A clockwise quarter turn about (0, 20) swings the box from above-right of the pivot to
        // below-right of it: x 0…20, y 20…60.
        #expect(abs(frame.minX) < 1e-9 && abs(frame.minY - 20) < 1e-9)
        #expect(abs(frame.width - 20) < 1e-9 && abs(frame.height - 40) < 1e-9)
        #expect(try Renderer.render(view).svg.contains("transform=\"rotate(90 0 20)\""))
    }

    @Test func offsetMovesWithoutChangingLayout() throws {
        let view = HStack(spacing: 0) {
            box("moved", 10, 10).offset(x: 5, y: 7)
            box("next", 10, 10)
        }
        let f = try frames(view)
        #expect(f["moved"] == Rect(x: 5, y: 7, width: 10, height: 10))
        #expect(f["next"] == Rect(x: 10, y: 0, width: 10, height: 10))
    }

    @Test func positionCentresTheChildOnThePoint() throws {
        let view = box("dot", 10, 10).position(x: 50, y: 20).frame(width: 100, height: 40)
        #expect(try frames(view)["dot"] == Rect(x: 45, y: 15, width: 10, height: 10))
    }

    @Test func aspectRatioFitsInsideTheProposal() throws {
        let view = Rectangle().accessibilityIdentifier("r").aspectRatio(2, contentMode: .fit).frame(width: 100, height: 100)
        #expect(try frames(view)["r"] == Rect(x: 0, y: 25, width: 100, height: 50))
    }

    @Test func textIsMeasuredWithFreeTypeMetrics() throws {
        // DejaVu Sans's advances for "First Hike", kerned by its GPOS table as Debian's
        // `hb-shape` shapes them, sum to 9443 units of 2048 per em: 55.33 pt at 12 pt (the
        // advances alone, unkerned, are 9664 units: 56.63 pt).
        let width = Typesetter.shared.width(of: "First Hike", font: .caption)
        #expect(abs(width - 12 * 9443 / 2048) < 0.001)
        #expect(Typesetter.shared.loadError == nil)
        let size = try Renderer.render(Text("First Hike").font(.caption)).size
        #expect(abs(size.width - 12 * 9443 / 2048) < 0.001)
        // Line height is ascender − descender: (1901 + 483) / 2048 em.
        #expect(abs(size.height - 12 * 2384 / 2048) < 0.01)
    }

    @Test func boldTextIsWiderThanRegular() throws {
        let regular = Typesetter.shared.width(of: "Completed Badges", font: Font(size: 17))
        let bold = Typesetter.shared.width(of: "Completed Badges", font: Font(size: 17, weight: .bold))
        #expect(bold > regular + 5)
    }
}
