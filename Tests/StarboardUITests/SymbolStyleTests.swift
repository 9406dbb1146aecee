import Testing
@testable import StarboardUI

/// `.symbolVariant` and `.symbolRenderingMode` on the built-in symbols.
@Suite("Symbol variants and rendering modes")
struct SymbolStyleTests {
    @Test(arguments: [
        (SymbolVariants.fill, "star", "star.fill"),
        (.circle.fill, "checkmark", "checkmark.circle.fill"),
        (.circle, "xmark", "xmark.circle"),
        (.fill, "checkmark.circle", "checkmark.circle.fill"),
        (.slash, "bell.fill", "bell.slash.fill"),
        (.square.fill, "person", "person.square.fill"),
        (.fill, "square", "square.fill"),
        (.none, "star", "star"),
    ])
    func aVariantAddsItsPartsInSFSymbolsOrder(variant: SymbolVariants, name: String, expected: String) {
        #expect(variant.applied(to: name) == expected)
    }

    @Test func aVariantDrawsTheSymbolOfThatName() throws {
        let varied = try Renderer.render(Image(systemName: "star").symbolVariant(.fill))
        #expect(varied.svg == (try Renderer.render(Image(systemName: "star.fill")).svg))
        #expect(varied.warnings.isEmpty)
        // Around a container, for every symbol inside; variants set further out add up.
        let row = HStack { Image(systemName: "checkmark"); Image(systemName: "plus") }.symbolVariant(.fill).symbolVariant(.circle)
        let named = HStack { Image(systemName: "checkmark.circle.fill"); Image(systemName: "plus.circle.fill") }
        #expect(try Renderer.render(row).svg == (try Renderer.render(named).svg))
    }

    @Test func aVariantTheSetLacksDrawsThePlainSymbolAndSaysSo() throws {
        let rendering = try Renderer.render(Image(systemName: "house").symbolVariant(.fill))
        #expect(rendering.svg == (try Renderer.render(Image(systemName: "house")).svg))
        #expect(rendering.warnings.contains { $0.contains("\"house.fill\"") && $0.contains(".symbolVariant") })
    }

    @Test func hierarchicalFadesTheEnclosureAndDrawsTheMark() throws {
        let mono = try Renderer.render(Image(systemName: "xmark.circle.fill")).svg
        let layered = try Renderer.render(Image(systemName: "xmark.circle.fill").symbolRenderingMode(.hierarchical)).svg
        // Monochrome cuts the cross out with the background (white); hierarchical draws it black
        // over the circle at half opacity.
        #expect(mono.contains("stroke=\"#FFFFFF\""))
        #expect(!layered.contains("#FFFFFF"))
        #expect(layered.contains("fill=\"#000000\" fill-opacity=\"0.5\""))
        #expect(layered.contains("stroke=\"#000000\""))
        // A symbol of one layer draws as in monochrome.
        let star = Image(systemName: "star.fill")
        #expect(try Renderer.render(star.symbolRenderingMode(.hierarchical)).svg == (try Renderer.render(star).svg))
        #expect(try Renderer.render(star.symbolRenderingMode(.monochrome)).svg == (try Renderer.render(star).svg))
    }
}
