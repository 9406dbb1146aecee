import Testing
import StarboardInspector
import StarboardUI

/// The canvas as the protocol, the CLI and file names spell it.
@Suite("Render environment: canvas")
struct RenderEnvironmentCanvasTests {
    @Test func theCanvasIsReadWrittenAndNamed() throws {
        let turned = try RenderEnvironment(json: .object([("canvas", .string("iphone-16-pro landscape"))]))
        #expect(turned.canvas == .device(Device.named("iPhone 16 Pro")!, .landscapeLeft))
        #expect(turned.json == .object([("canvas", .string("iPhone 16 Pro landscape"))]))
        #expect(turned.name == "iphone-16-pro-landscape")
        #expect(RenderEnvironment(scheme: .dark, canvas: .device(Device.named("iPhone SE (3rd generation)")!, .portrait)).name == "dark-iphone-se-3rd-generation")
        #expect(RenderEnvironment.canvas(.sizeThatFits).name == "fit")
        #expect(RenderEnvironment.canvas(.fixed(width: 390.5, height: 844)).name == "390.5x844")
        #expect(RenderEnvironment.canvas(.sizeThatFits).values.canvas == .sizeThatFits)
        #expect(RenderEnvironment.standard.values.canvas == nil)
    }

    @Test func aLongCanvasNameIsRefusedWithoutBeingQuotedBack() {
        let long = String(repeating: "iPhone ", count: 1000)
        do {
            _ = try RenderEnvironment(json: .object([("canvas", .string(long))]))
            Issue.record("a 7000-byte canvas name was accepted")
        } catch {
            #expect(error.description == "canvas: expected fit, WIDTHxHEIGHT or a device name of at most 64 bytes, got 7000 bytes")
        }
    }
}
