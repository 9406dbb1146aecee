import Foundation
import Testing
#if canImport(FoundationXML)
import FoundationXML
#endif
@testable import StarboardComponents
import StarboardInspector
import StarboardUI

/// The app screens of Components/Screens on the standard device, light and dark, at rest and
/// after the taps a person makes (a row pushed, a tab chosen, a sheet and a dialog opened),
/// through the preview's own tap replay, as the page drives it.
@Suite("Navigation screens")
struct NavigationScreenTests {
    static let registry = try! Registry(shippedComponents, previewEntries: true)

    static func entry(_ name: String) throws -> ComponentDefinition {
        try #require(registry.component(named: name))
    }

    /// The taps string after tapping `targets` in order, as the page records them.
    static func tapped(_ name: String, _ targets: [String], environment: EnvironmentValues = EnvironmentValues()) throws -> PropertyValues {
        let component = try entry(name)
        var values = component.defaults
        for target in targets {
            values = try component.tap(target, values: values, environment: environment).values
        }
        return values
    }

    static let cases: [(String, [String])] = [
        ("Trail List", []),
        ("Trail List", ["trail-1"]),
        ("Trail List", ["profile"]),
        ("Trail Detail", []),
        ("Trails App", []),
        ("Trails App", ["tab-2"]),
        ("Trail Settings", ["reset"]),
        ("Trail Settings", ["about"]),
    ]

    @Test(arguments: cases)
    func matchesGoldenSVGLightAndDark(name: String, taps: [String]) throws {
        let component = try Self.entry(name)
        for scheme in [ColorScheme.light, .dark] {
            var environment = EnvironmentValues()
            environment.colorScheme = scheme
            let values = try Self.tapped(name, taps, environment: environment)
            let svg = try component.render(values, environment: environment).rendering.svg
            #expect(XMLParser(data: Data(svg.utf8)).parse())
            let suffix = (taps.isEmpty ? "" : "-" + taps.joined(separator: "-")) + (scheme == .dark ? "-dark" : "")
            Snapshot.assert(svg, suite: "NavigationScreenTests", named: name.replacingOccurrences(of: " ", with: "_") + suffix)
        }
    }

    @Test func aRowPushesItsDetailAndBackPopsIt() throws {
        let component = try Self.entry("Trail List")
        let list = try component.render(component.defaults).rendering
        #expect(list.svg.contains("Trails"))
        #expect(!list.accessibility.contains { $0.id == "back" })
        let pushed = try component.render(Self.tapped("Trail List", ["trail-3"])).rendering
        // The detail's inline title, and a back button named by the list's title.
        #expect(pushed.accessibility.contains { $0.id == "back" && $0.label == "Trails" })
        #expect(pushed.svg.contains("Columbia Gorge"))
        #expect(!pushed.accessibility.contains { $0.id == "trail-1" })
        let popped = try component.render(Self.tapped("Trail List", ["trail-3", "back"])).rendering
        #expect(!popped.accessibility.contains { $0.id == "back" })
        #expect(popped.accessibility.contains { $0.id == "trail-1" })
    }

    @Test func aTabTapSelectsItsTab() throws {
        let component = try Self.entry("Trails App")
        let first = try component.render(component.defaults).rendering
        #expect(first.accessibility.contains { $0.id == "tab-1" && $0.traits.contains("selected") })
        #expect(first.accessibility.contains { $0.id == "trail-1" })
        let second = try component.render(Self.tapped("Trails App", ["tab-2"])).rendering
        #expect(second.accessibility.contains { $0.id == "tab-2" && $0.traits.contains("selected") })
        #expect(!second.accessibility.contains { $0.id == "trail-1" })
        #expect(second.svg.contains("Favorites"))
    }

    @Test func aDialogButtonDismissesTheDialog() throws {
        let component = try Self.entry("Trail Settings")
        let open = try component.render(Self.tapped("Trail Settings", ["reset"])).rendering
        #expect(open.svg.contains("This cannot be undone."))
        let reset = try #require(open.accessibility.first { $0.label == "Reset" && $0.isTappable })
        let closed = try component.render(Self.tapped("Trail Settings", ["reset", reset.id])).rendering
        #expect(!closed.svg.contains("This cannot be undone."))
    }

    @Test func aStackWithoutAPreviewSessionStartsAtItsRoot() throws {
        // A plain render (no preview's taps) has nothing pushed: the same view twice is the same SVG.
        let view = NavigationStack { List { NavigationLink("Next") { Text("Pushed") } }.navigationTitle("Root") }
        let first = try Renderer.render(view, canvas: .standardDevice).svg
        #expect(first == (try Renderer.render(view, canvas: .standardDevice).svg))
        #expect(!first.contains("Pushed"))
    }
}

/// List styles, toolbar placements and value links, on the standard device.
@Suite("Navigation parts")
struct NavigationPartTests {
    static func styled(_ style: some ListStyle) -> some View {
        NavigationStack {
            List {
                Section {
                    Text("Granite Ridge Loop")
                    Text("Cedar Hollow").badge(3)
                } header: {
                    Text("Nearby")
                } footer: {
                    Text("Within 50 km.")
                }
                Section("Later") {
                    Text("Lantern Falls")
                }
            }
            .listStyle(style)
            .navigationTitle("Styles")
        }
    }

    static func view(_ style: String) -> AnyView? {
        switch style {
        case "insetGrouped": AnyView(styled(.insetGrouped))
        case "plain": AnyView(styled(.plain))
        case "inset": AnyView(styled(.inset))
        case "grouped": AnyView(styled(.grouped))
        case "sidebar": AnyView(styled(.sidebar))
        default: nil
        }
    }

    @Test(arguments: ["insetGrouped", "plain", "inset", "grouped", "sidebar"])
    func listStylesMatchTheirGoldens(style: String) throws {
        let view = try #require(Self.view(style))
        let svg = try Renderer.render(view, canvas: .standardDevice).svg
        Snapshot.assert(svg, suite: "NavigationPartTests", named: "list-\(style)")
        // A grouped style fills the screen with the grouped grey, a plain one leaves it white.
        let grouped = svg.contains("fill=\"#F2F2F7\"")
        #expect(grouped == ["insetGrouped", "grouped", "sidebar"].contains(style))
    }

    /// Rows taller than the screen: each keeps its height (a list offers its rows no height) and
    /// what falls below the screen is cut off, as SwiftUI's `List` scrolled to the top.
    static var tallRows: some View {
        NavigationStack {
            List {
                ForEach(["Granite Ridge", "Cedar Hollow", "Lantern Falls"], id: \.self) { name in
                    VStack(alignment: .leading, spacing: 8) {
                        Text(name).font(.headline)
                        RoundedRectangle(cornerRadius: 8).fill(Color.green.opacity(0.3)).frame(height: 300)
                    }
                }
            }
            .navigationTitle("Photos")
        }
    }

    /// A list under a bottom bar given with `.safeAreaInset`: the bar sits above the home
    /// indicator, the rows go on under it, and its material reaches the screen's bottom.
    static var underInset: some View {
        NavigationStack {
            List(0..<20) { index in Text("Item \(index + 1)") }
                .navigationTitle("Basket")
                .safeAreaInset(edge: .bottom, spacing: 0) {
                    Text("Pay $19.75")
                        .font(.headline)
                        .frame(maxWidth: .infinity)
                        .padding()
                        .background(.bar)
                }
        }
    }

    @Test func tallRowsAndABottomInsetMatchTheirGoldens() throws {
        let tall = try Renderer.render(Self.tallRows, canvas: .standardDevice)
        Snapshot.assert(tall.svg, suite: "NavigationPartTests", named: "list-tall-rows")
        let inset = try Renderer.render(Self.underInset, canvas: .standardDevice)
        Snapshot.assert(inset.svg, suite: "NavigationPartTests", named: "list-under-inset")
    }

    @Test func toolbarPlacementsGoWhereTheyAsk() throws {
        let view = NavigationStack {
            Text("Body")
                .navigationTitle("Inline")
                .navigationBarTitleDisplayMode(.inline)
                .toolbar {
                    ToolbarItem(placement: .topBarLeading) { Button("Edit") {} }
                    ToolbarItemGroup(placement: .bottomBar) {
                        Button("First") {}
                        Button("Last") {}
                    }
                    Button("Add") {}
                }
        }
        let rendering = try Renderer.render(view, canvas: .standardDevice)
        Snapshot.assert(rendering.svg, suite: "NavigationPartTests", named: "toolbar")
        func frame(_ label: String) throws -> Rect { try #require(rendering.accessibility.first { $0.label == label }).frame }
        // Leading at the left of the bar, the automatic item at the right, the group at the bottom.
        #expect(try frame("Edit").minX < 40 && frame("Edit").maxY < 62 + 44)
        #expect(try frame("Add").maxX > 402 - 40 && frame("Add").maxY < 62 + 44)
        #expect(try frame("First").minY > 874 - 34 - 44 - 1 && frame("Last").minY > 874 - 34 - 44 - 1)
    }

    @Test func aValueLinkPushesWhatItsDestinationMakes() throws {
        let session = NavigationSession()
        let view = _NavigationSessionRoot(content: NavigationStack {
            List {
                NavigationLink("Cedar Hollow", value: 2).accessibilityIdentifier("link")
            }
            .navigationTitle("Values")
            .navigationDestination(for: Int.self) { number in
                Text("Trail number \(number)").navigationTitle("Trail \(number)")
            }
        }, session: session)
        #expect(try Renderer.performTap(on: view, target: "link", canvas: .standardDevice))
        let svg = try Renderer.render(view, canvas: .standardDevice).svg
        #expect(svg.contains(">Trail number 2<") && svg.contains(">Trail 2<") && svg.contains(">Values<"))
    }

    @Test func aLinkOutsideAStackIsDisabled() throws {
        let rendering = try Renderer.render(NavigationLink("Nowhere") { Text("Pushed") })
        #expect(rendering.accessibility.allSatisfy { !$0.isTappable })
    }
}

@Suite("TabView selection")
struct TabSelectionTests {
    @Test func theSelectionShowsTheTaggedTabAndATapSetsIt() throws {
        let chosen = ValueBox("b")
        let selection = Binding(get: { chosen.value }, set: { chosen.value = $0 })
        let view = TabView(selection: selection) {
            Text("First screen").tabItem { Label("A", systemImage: "star") }.tag("a")
            Text("Second screen").tabItem { Label("B", systemImage: "house") }.tag("b")
        }
        let svg = try Renderer.render(view, canvas: .standardDevice).svg
        #expect(svg.contains(">Second screen<") && !svg.contains(">First screen<"))
        #expect(try Renderer.performTap(on: view, target: "tab-1", canvas: .standardDevice))
        #expect(chosen.value == "a")
        #expect(try Renderer.render(view, canvas: .standardDevice).svg.contains(">First screen<"))
    }
}

@Suite("Presentations")
struct PresentationTests {
    @Test func anAlertDrawsOnlyButtonsAndSaysSo() throws {
        let view = Text("Behind").alert("Rename", isPresented: .constant(true)) {
            Text("Not a button")
            Button("OK") {}
        }
        let rendering = try Renderer.render(view, canvas: .standardDevice)
        #expect(!rendering.svg.contains(">Not a button<") && rendering.svg.contains(">OK<"))
        #expect(rendering.warnings.contains { $0.contains("not a Button") })
    }
}
