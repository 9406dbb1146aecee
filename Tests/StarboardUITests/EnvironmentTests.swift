import Testing
@testable import StarboardUI

/// Environment values reach views: color scheme, Dynamic Type, layout direction, locale.
@Suite("Environments")
struct EnvironmentTests {
    func environment(_ change: (inout EnvironmentValues) -> Void) -> EnvironmentValues {
        var environment = EnvironmentValues()
        change(&environment)
        return environment
    }

    @Test func primaryTextIsWhiteInDarkAndSystemColorsTakeTheirDarkValues() throws {
        let view = VStack { Text("Caption"); Circle().fill(Color.blue).frame(width: 10, height: 10) }
        let light = try Renderer.render(view).svg
        let dark = try Renderer.render(view, environment: environment { $0.colorScheme = .dark }).svg
        #expect(light.contains("fill=\"#000000\" xml:space=\"preserve\">Caption"))
        #expect(dark.contains("fill=\"#FFFFFF\" xml:space=\"preserve\">Caption"))
        #expect(light.contains("fill=\"#007AFF\""))
        #expect(dark.contains("fill=\"#0A84FF\""))
    }

    @Test func aViewReadsTheColorSchemeThroughEnvironment() throws {
        struct Tinted: View {
            @Environment(\.colorScheme) var colorScheme
            var body: some View { Text(colorScheme == .dark ? "night" : "day") }
        }
        #expect(try Renderer.render(Tinted()).svg.contains(">day<"))
        #expect(try Renderer.render(Tinted(), environment: environment { $0.colorScheme = .dark }).svg.contains(">night<"))
    }

    @Test(arguments: [
        (DynamicTypeSize.xSmall, 14.0, 11.0), (.large, 17, 12), (.xxxLarge, 23, 18), (.accessibility3, 40, 32), (.accessibility5, 53, 43),
    ])
    func textStylesScaleByApplesTypeScale(size: DynamicTypeSize, body: Double, caption: Double) throws {
        let view = VStack { Text("Body"); Text("Caption").font(.caption); Text("Fixed").font(.system(size: 20)) }
        let svg = try Renderer.render(view, environment: environment { $0.dynamicTypeSize = size }).svg
        #expect(svg.contains("font-size=\"\(SVGWriter.number(body))\" fill=\"#000000\" xml:space=\"preserve\">Body"))
        #expect(svg.contains("font-size=\"\(SVGWriter.number(caption))\" fill=\"#000000\" xml:space=\"preserve\">Caption"))
        // A fixed size does not scale, as in SwiftUI.
        #expect(svg.contains("font-size=\"20\" fill=\"#000000\" xml:space=\"preserve\">Fixed"))
    }

    @Test func rightToLeftMirrorsStacksAlignmentAndPadding() throws {
        let rtl = environment { $0.layoutDirection = .rightToLeft }
        let row = HStack(spacing: 0) {
            Color.red.frame(width: 10, height: 10).accessibilityIdentifier("first")
            Color.blue.frame(width: 20, height: 10).accessibilityIdentifier("second")
        }
        let mirrored = Dictionary(uniqueKeysWithValues: try Renderer.render(row, environment: rtl).accessibility.map { ($0.id, $0.frame) })
        #expect(mirrored["first"] == CGRect(x: 20, y: 0, width: 10, height: 10))
        #expect(mirrored["second"] == CGRect(x: 0, y: 0, width: 20, height: 10))

        let column = VStack(alignment: .leading, spacing: 0) {
            Color.red.frame(width: 40, height: 10)
            Color.blue.frame(width: 10, height: 10).accessibilityIdentifier("narrow")
        }
        .padding(.leading, 5)
        let placed = Dictionary(uniqueKeysWithValues: try Renderer.render(column, environment: rtl).accessibility.map { ($0.id, $0.frame) })
        // Leading is the right edge, and the leading padding is on the right.
        #expect(placed["narrow"] == CGRect(x: 30, y: 10, width: 10, height: 10))
    }

    @Test func aFrameAlignsByItsOwnLayoutDirectionWhereTheDirectionChangesInside() throws {
        // A frame's leading alignment is the right edge only where its own content runs right to
        // left; the frames around it, laid out left to right, keep theirs.
        func dot(_ id: String) -> some View {
            Color.blue.frame(width: 10, height: 10).accessibilityIdentifier(id)
        }
        let view = VStack(spacing: 0) {
            dot("plain").frame(width: 100, alignment: .leading)
            dot("rtl").frame(width: 100, alignment: .leading).environment(\.layoutDirection, .rightToLeft)
            dot("ltr").frame(width: 100, alignment: .leading)
        }
        let placed = Dictionary(uniqueKeysWithValues: try Renderer.render(view).accessibility.map { ($0.id, $0.frame) })
        #expect(placed["plain"]?.minX == 0)
        #expect(placed["rtl"]?.minX == 90)
        #expect(placed["ltr"]?.minX == 0)
        let mirrored = Dictionary(uniqueKeysWithValues: try Renderer.render(view, environment: environment { $0.layoutDirection = .rightToLeft })
            .accessibility.map { ($0.id, $0.frame) })
        #expect(mirrored["plain"]?.minX == 90)
        #expect(mirrored["rtl"]?.minX == 90)
        #expect(mirrored["ltr"]?.minX == 90)
    }

    @Test func localeFormatsDatesAndNumbers() throws {
        let date = Date(timeIntervalSince1970: 1_796_083_200)
        let view = VStack { Text(date, style: .date); Text(1234.5, format: .number) }
        let german = try Renderer.render(view, environment: environment { $0.locale = Locale(identifier: "de_DE") }).svg
        #expect(german.contains("1. Dezember 2026"))
        #expect(german.contains("1.234,5"))
        let american = try Renderer.render(view).svg
        #expect(american.contains("December 1, 2026"))
        #expect(american.contains("1,234.5"))
    }
}
