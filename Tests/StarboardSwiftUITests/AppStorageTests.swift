import Foundation
import Testing
@testable import StarboardUI

/// `@AppStorage` and `@SceneStorage`: a value under a key, its declared value until something
/// writes it, read by every view that names the key. A preview keeps them in memory in its
/// session, so a tap that writes one shows on the next render, and two previews never share.
@Suite("AppStorage")
struct AppStorageTests {
    struct Counter: View {
        @AppStorage("count") var count = 0
        var body: some View {
            Text("Count \(count)").onTapGesture { count += 1 }
        }
    }

    /// Taps the first tappable element of `view` and says whether there was one.
    func tapFirst(_ view: some View, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let target = try #require(try Renderer.render(view).accessibility.first { $0.isTappable }, sourceLocation: sourceLocation)
        #expect(try Renderer.performTap(on: view, target: target.id), sourceLocation: sourceLocation)
    }

    @Test func aPreviewStartsAtTheDeclaredValueAndATapWritesIt() throws {
        let preview = _NavigationSessionRoot { Counter() }
        #expect(try Renderer.render(preview).svg.contains(">Count 0<"))
        try tapFirst(preview)
        try tapFirst(preview)
        #expect(try Renderer.render(preview).svg.contains(">Count 2<"))
        // Another preview has a store of its own: it starts over.
        #expect(try Renderer.render(_NavigationSessionRoot { Counter() }).svg.contains(">Count 0<"))
    }

    struct Pair: View {
        @AppStorage("units") var metric = true
        var body: some View {
            VStack {
                Toggle("Metric", isOn: $metric)
                Reader()
            }
        }
    }

    struct Reader: View {
        @AppStorage("units") var metric = true
        var body: some View { Text(metric ? "km" : "mi") }
    }

    @Test func aBindingWritesTheKeyAndEveryViewNamingItReadsIt() throws {
        let preview = _NavigationSessionRoot { Pair() }
        #expect(try Renderer.render(preview).svg.contains(">km<"))
        try tapFirst(preview)
        let after = try Renderer.render(preview)
        // The child re-made in the parent's body reads what the toggle wrote.
        #expect(after.svg.contains(">mi<"))
        #expect(after.accessibility.contains { $0.label == "Metric" && $0.value == "Off" })
    }

    enum Theme: String { case light, dark }
    enum Level: Int { case easy = 1, hard = 3 }

    @Test func eachKindKeepsItsValueAndOptionalsStartNil() {
        let session = NavigationSession()
        _ = _NavigationSessionRoot(session: session) {
            @AppStorage("flag") var flag = false
            @AppStorage("int") var int = 1
            @AppStorage("double") var double = 1.5
            @AppStorage("string") var string = "a"
            @AppStorage("url") var url = URL(string: "https://example.com/a")!
            @AppStorage("data") var data = Data([1])
            @AppStorage("theme") var theme = Theme.light
            @AppStorage("level") var level = Level.easy
            @AppStorage("name") var name: String?
            @AppStorage("chosenLevel") var chosen: Level?
            #expect(!flag && int == 1 && double == 1.5 && string == "a" && theme == .light && level == .easy)
            #expect(name == nil && chosen == nil)
            flag = true; int = 7; double = 2.25; string = "b"; url = URL(string: "https://example.com/b")!
            data = Data([2, 3]); theme = .dark; level = .hard; name = "Ridge"; chosen = .hard
            #expect(flag && int == 7 && double == 2.25 && string == "b" && url.lastPathComponent == "b" && data == Data([2, 3]))
            #expect(theme == .dark && level == .hard && name == "Ridge" && chosen == .hard)
            // Enumerations are kept as their raw values, as UserDefaults keeps them.
            @AppStorage("theme") var themeName = ""
            @AppStorage("level") var levelNumber = 0
            #expect(themeName == "dark" && levelNumber == 3)
            // nil removes the key: its declared value shows again under another type.
            name = nil
            @AppStorage("name") var nameWithDefault = "none"
            #expect(nameWithDefault == "none")
            // A value of another kind reads as the declared value.
            @AppStorage("string") var number = 42
            #expect(number == 42)
            return EmptyView()
        }
        #expect(session.storage.app["int"] as? Int == 7)
        #expect(session.storage.app["theme"] as? String == "dark")
    }

    struct Scene: View {
        @SceneStorage("tab") var tab = 0
        @AppStorage("tab") var appTab = 5
        var body: some View { Text("\(tab) \(appTab)").onTapGesture { tab = 2 } }
    }

    @Test func sceneStorageIsKeptApartFromAppStorage() throws {
        let preview = _NavigationSessionRoot { Scene() }
        try tapFirst(preview)
        #expect(try Renderer.render(preview).svg.contains(">2 5<"))
    }

    /// As the view of a public rating row does: its `init` pads a stored string and `onAppear`
    /// reads it back.
    struct Padded: View {
        @AppStorage("ratings") var ratings = ""
        @State var shown = "-"
        init() {
            if ratings.count < 3 { ratings = ratings.padding(toLength: 3, withPad: "0", startingAt: 0) }
        }
        var body: some View {
            Text(shown).onAppear { shown = ratings }
        }
    }

    @Test func anInitThatWritesAKeyWritesThePreviewsStore() throws {
        let preview = _NavigationSessionRoot { Padded() }
        #expect(try Renderer.render(preview).svg.contains(">000<"))
    }

    @Test func aTapReplayedOnTheBlocksPreviewLasts() throws {
        let found = try #require(Previews.all { _ in false }.first { $0.name == "Trail settings" })
        let preview = _NavigationSessionRoot(making: found.makeView)
        let before = try Renderer.render(preview)
        #expect(before.svg.contains(">km<") && before.svg.contains(">1,240 m<") && before.svg.contains(">No trail saved yet<"))
        let units = try #require(before.accessibility.first { $0.label == "km" })
        #expect(try Renderer.performTap(on: preview, target: units.id))
        let saved = try #require(before.accessibility.first { $0.label == "0" })
        #expect(try Renderer.performTap(on: preview, target: saved.id))
        let after = try Renderer.render(preview)
        // The badge, another view naming the key, changed with the card.
        #expect(after.svg.contains(">mi<") && after.svg.contains(">4,068 ft<") && after.svg.contains(">Ridge 1<"))
    }

    @Test func theSettingsCardRendersAsGoldenBeforeAndAfterATap() throws {
        let found = try #require(Previews.all { _ in false }.first { $0.name == "Trail settings" })
        let preview = _NavigationSessionRoot(making: found.makeView)
        let spelling = SwiftUISpellingTests()
        spelling.assertSnapshot(try Renderer.render(preview).svg, named: "TrailSettings")
        let toggle = try #require(try Renderer.render(preview).accessibility.first { $0.label == "Show elevation" })
        #expect(try Renderer.performTap(on: preview, target: toggle.id))
        let off = try Renderer.render(preview)
        #expect(!off.svg.contains("1,240 m"))
        spelling.assertSnapshot(off.svg, named: "TrailSettings-NoElevation")
    }
}
