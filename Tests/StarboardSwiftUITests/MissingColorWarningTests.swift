import Foundation
import Testing
@testable import StarboardUI

/// A named colour the package lacks paints clear; wherever it is used it says so, as it does
/// in a fill: in a gradient (as a style or as a view) and as a text's own colour.
@Suite("Missing colours warn")
struct MissingColorWarningTests {
    let message = "no colour set \"Pink\" in the package's resources; clear stands in"

    @Test func aGradientWithAMissingColourWarns() throws {
        let gradient = LinearGradient(colors: [Color("Pink"), .blue], startPoint: .top, endPoint: .bottom)
        let views: [AnyView] = [
            AnyView(gradient.frame(width: 40, height: 40)),
            AnyView(Circle().fill(gradient).frame(width: 40, height: 40)),
            AnyView(Text("Hi").foregroundStyle(gradient)),
            AnyView(Text("Hi").overlay(RadialGradient(colors: [.red, Color("Pink")], center: .center, startRadius: 0, endRadius: 9))),
            AnyView(Rectangle().stroke(AngularGradient(colors: [Color("Pink"), .red], center: .center), lineWidth: 2).frame(width: 9, height: 9)),
            AnyView(Color("Pink").gradient.frame(width: 40, height: 40)),
            AnyView(Capsule().fill(AnyShapeStyle(gradient)).frame(width: 40, height: 20)),
        ]
        for view in views {
            #expect(try Renderer.render(view).warnings == [message])
        }
    }

    @Test func eachMissingStopWarns() throws {
        let stops = [Color("Pink"), Color("Peach")]
        let other = "no colour set \"Peach\" in the package's resources; clear stands in"
        #expect(try Renderer.render(LinearGradient(colors: stops, startPoint: .top, endPoint: .bottom).frame(width: 9, height: 9)).warnings == [message, other])
        #expect(try Renderer.render(Circle().fill(LinearGradient(colors: stops, startPoint: .top, endPoint: .bottom)).frame(width: 9, height: 9)).warnings == [message, other])
    }

    @Test func aTextsOwnMissingColourWarnsOnce() throws {
        #expect(try Renderer.render(Text("Hi").foregroundColor(Color("Pink"))).warnings == [message])
        #expect(try Renderer.render(Text("Hi").foregroundStyle(Color("Pink"))).warnings == [message])
        let joined = Text("A").foregroundColor(Color("Pink")) + Text("B") + Text("C").foregroundStyle(Color("Pink"))
        #expect(try Renderer.render(joined).warnings == [message])
    }

    @Test func foundAndSystemColoursDoNotWarn() throws {
        let view = VStack {
            Text("Hi").foregroundColor(.red)
            LinearGradient(colors: [.red, .blue], startPoint: .top, endPoint: .bottom).frame(width: 9, height: 9)
            Color.red.gradient.frame(width: 9, height: 9)
        }
        #expect(try Renderer.render(view).warnings.isEmpty)
    }
}
