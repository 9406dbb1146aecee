import Foundation
import Testing
@testable import StarboardUI

/// Where `onTapGesture { location in }` is told a tap landed.
@Suite("Tap locations")
struct TapLocationTests {
    /// Records what a tap action is given; a class so the closure and the test share it.
    final class Recorder: @unchecked Sendable {
        var locations: [CGPoint] = []
    }

    @Test func aLocalLocationIsMeasuredFromTheViewsTopLeft() throws {
        let recorder = Recorder()
        let view = VStack(spacing: 0) {
            Color.red.frame(width: 100, height: 30)
            Color.blue
                .frame(width: 60, height: 40)
                .onTapGesture { location in recorder.locations.append(location) }
                .accessibilityIdentifier("blue")
        }
        // The blue rectangle is centred under the red one: x 20–80, y 30–70.
        #expect(try Renderer.performTap(on: view, target: "blue", at: CGPoint(x: 25, y: 35)))
        #expect(try Renderer.performTap(on: view, target: "blue"))
        #expect(recorder.locations == [CGPoint(x: 5, y: 5), CGPoint(x: 30, y: 20)])
    }

    @Test func aGlobalLocationIsThePreviews() throws {
        let recorder = Recorder()
        let view = Color.blue
            .frame(width: 60, height: 40)
            .onTapGesture(coordinateSpace: .global) { location in recorder.locations.append(location) }
            .accessibilityIdentifier("blue")
            .padding(10)
        #expect(try Renderer.performTap(on: view, target: "blue", at: CGPoint(x: 15, y: 12)))
        #expect(recorder.locations == [CGPoint(x: 15, y: 12)])
    }

    @Test func aScaledViewIsToldTheLocationInItsOwnUnscaledPoints() throws {
        let recorder = Recorder()
        let view = Color.blue
            .frame(width: 40, height: 40)
            .onTapGesture { location in recorder.locations.append(location) }
            .accessibilityIdentifier("blue")
            .scaleEffect(2, anchor: .topLeading)
            .frame(width: 80, height: 80, alignment: .topLeading)
        #expect(try Renderer.performTap(on: view, target: "blue", at: CGPoint(x: 60, y: 20)))
        #expect(recorder.locations == [CGPoint(x: 30, y: 10)])
    }

    @Test func aTapOutsideTheTargetThrowsAndRunsNothing() throws {
        let recorder = Recorder()
        let view = HStack(spacing: 0) {
            Color.red.frame(width: 50, height: 20)
            Color.blue.frame(width: 50, height: 20)
                .onTapGesture { location in recorder.locations.append(location) }
                .accessibilityIdentifier("blue")
        }
        #expect(throws: TapError.outside(target: "blue", location: CGPoint(x: 10, y: 5), frame: CGRect(x: 50, y: 0, width: 50, height: 20))) {
            try Renderer.performTap(on: view, target: "blue", at: CGPoint(x: 10, y: 5))
        }
        #expect(throws: TapError.self) { try Renderer.performTap(on: view, target: "blue", at: CGPoint(x: Double.nan, y: 5)) }
        #expect(recorder.locations.isEmpty)
        let error = TapError.outside(target: "blue", location: CGPoint(x: 10, y: 5), frame: CGRect(x: 50, y: 0, width: 50, height: 20))
        #expect(error.description == "the tap at (10, 5) is outside \u{201C}blue\u{201D}, which spans x 50–100 and y 0–20")
    }

    @Test func aTapWithoutALocationStillRunsAnActionThatIgnoresIt() throws {
        var count = 0
        let view = Text("Go").onTapGesture { count += 1 }.accessibilityIdentifier("go")
        #expect(try Renderer.performTap(on: view, target: "go"))
        #expect(try Renderer.performTap(on: view, target: "go", at: CGPoint(x: 1, y: 1)))
        #expect(count == 2)
    }

    @Test func transformsInvertExactly() {
        let transform = AffineTransform.rotation(.degrees(30), about: CGPoint(x: 5, y: 7))
            .followed(by: .scale(2, 3, about: CGPoint(x: 1, y: 1)))
        let point = CGPoint(x: 12.5, y: -4)
        let back = transform.inverted()!.apply(transform.apply(point))
        #expect(abs(back.x - point.x) < 1e-9 && abs(back.y - point.y) < 1e-9)
        #expect(AffineTransform.scale(0, 1, about: .zero).inverted() == nil)
    }
}
