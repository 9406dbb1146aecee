import Testing
@testable import StarboardServer
import StarboardComponents
import StarboardInspector
import StarboardUI

/// White text on a background that follows the scheme: an audit in light finds it, one in dark
/// does not.
private struct PaleCaption: Component {
    @Inspectable("Caption")
    var caption = "Trail closed"

    @Environment(\.colorScheme) private var colorScheme

    static let summary = "White text on a background that follows the scheme."

    var body: some View {
        Text(caption)
            .foregroundStyle(Color.white)
            .padding(8)
            .background(colorScheme == .dark ? Color.black : Color.white)
    }
}

/// Windows that preview in other environments (dark, a text size, right to left): their renders,
/// variants, taps, audits and problems, driven step by step.
@Suite("Session core: environments")
struct SessionEnvironmentTests {
    let registry = try! makeRegistry()
    let a = ConnectionID(rawValue: 1)
    let b = ConnectionID(rawValue: 2)
    let c = ConnectionID(rawValue: 3)

    func subscribe(_ component: String, _ environment: String? = nil, id: Int? = nil) -> String {
        var text = #"{"type":"subscribe","component":"\#(component)""#
        if let environment { text += #","environment":\#(environment)"# }
        if let id { text += #","id":\#(id)"# }
        return text + "}"
    }

    /// One client watched a component in 1,920 environments, and each of its changes rendered
    /// all of them ahead of everyone else: a connection watches at most
    /// ``Subscriptions/maxWatchesPerConnection`` components and environments in all, each
    /// subscribe past that refused with its id, naming the bound; another client is not affected.
    @Test func aConnectionWatchesABoundedNumberOfEnvironments() throws {
        var session = try CoreHarness(registry: registry, connections: [a, b])
        let sizes = ["xSmall", "small", "medium", "large", "xLarge", "xxLarge", "xxxLarge", "accessibility1"]
        var environments: [String] = []
        for scheme in ["light", "dark"] {
            for size in sizes { environments.append(#"{"scheme":"\#(scheme)","textSize":"\#(size)","locale":"de_DE"}"#) }
        }
        let perComponent = SessionCore.maximumEnvironmentsPerComponent
        #expect(environments.count == perComponent)
        // Two components in all their environments, then a third.
        var id = 0
        for component in ["HikeBadge", "RatingControl", "PageControl"] {
            for environment in environments {
                session.receive(subscribe(component, environment, id: id), from: a)
                id += 1
            }
        }
        let limit = Subscriptions.maxWatchesPerConnection
        #expect(session.read(a, type: "ack").count == limit)
        let refused = session.read(a, type: "error")
        #expect(refused.map { $0["id"] } == (limit..<id).map { .integer($0) })
        #expect(refused.first?["message"]?.stringValue?.contains("the most one connection may (\(limit))") == true)
        session.answerAll()
        // A change renders at most one component's bound of environments for this client, a few per call.
        session.receive(#"{"type":"set","component":"HikeBadge","values":{"name":"Many"}}"#, from: a)
        session.answer()
        var environmentsRendered = 0
        while let call = session.calls.first {
            if case .render(let request) = call.request {
                #expect(request.environments.count <= SessionCore.maxEnvironmentsPerCall && request.variants.count <= SessionCore.maxVariantEnvironmentsPerCall)
                environmentsRendered += request.environments.count
            }
            session.answer()
        }
        #expect(environmentsRendered == perComponent)
        #expect(session.read(a, type: "render").last?["values"]?["name"] == .string("Many"))
        // Another connection still subscribes, and the first again once it let one go.
        session.receive(subscribe("PageControl", #"{"scheme":"dark"}"#, id: 100), from: b)
        #expect(session.read(b, type: "ack").map { $0["id"] } == [.integer(100)])
        session.receive(#"{"type":"unsubscribe","component":"HikeBadge","environment":\#(environments[0])}"#, from: a)
        session.receive(subscribe("PageControl", environments[0], id: 200), from: a)
        #expect(session.read(a, type: "ack").contains { $0["id"] == .integer(200) })
    }

    /// A subscription whose first render failed (a render problem, not a crash) stayed waiting,
    /// and the same render was asked for again after every answer, for ever: the problem
    /// answers it, and the worker is left alone.
    @Test func aFirstRenderThatFailsIsAnsweredByItsProblemAndNotAskedForAgain() throws {
        var session = try CoreHarness(registry: registry, connections: [a])
        session.receive(subscribe("HikeBadge", #"{"scheme":"dark"}"#), from: a)
        session.answer(with: .render(RenderSet(renders: [.failure(PropertyProblem(message: "too many views"))], variants: [.array([])])))
        #expect(session.calls.isEmpty, "nothing more asked of the worker: \(session.calls)")
        let problem = try #require(session.read(a, type: "problem").last)
        #expect(problem["message"]?.stringValue?.contains("could not be rendered in dark: too many views") == true)
        // The next change tries that environment again.
        session.receive(#"{"type":"set","component":"HikeBadge","values":{"name":"Again"}}"#, from: a)
        session.answerAll()
        #expect(session.read(a, type: "render").last?["environment"] == .string("dark"))
    }

    /// Subscribing and unsubscribing across thousands of environments kept every one's renders
    /// and variants: an environment nobody watches any more is forgotten, and made again when
    /// someone watches it again.
    @Test func whatWasMadeForAnEnvironmentNobodyWatchesIsForgotten() throws {
        var session = try CoreHarness(registry: registry, connections: [a, b])
        session.receive(subscribe("HikeBadge", #"{"scheme":"dark"}"#), from: a)
        session.answerAll()
        // Still watched by a: b's subscription is answered from what is at hand.
        session.receive(subscribe("HikeBadge", #"{"scheme":"dark"}"#), from: b)
        #expect(session.calls.isEmpty && session.read(b, type: "render").count == 1)
        session.receive(#"{"type":"unsubscribe","component":"HikeBadge","environment":{"scheme":"dark"}}"#, from: a)
        session.run { $0.closed(b, into: &$1) }
        #expect(session.core.components["HikeBadge"]?.environmentRenders.isEmpty == true)
        session.receive(subscribe("HikeBadge", #"{"scheme":"dark"}"#), from: a)
        guard case .render(let request)? = session.calls.first?.request else {
            Issue.record("expected a render request, got \(session.calls)")
            return
        }
        #expect(request.environments == [.dark] && request.variants == [.dark])
        session.answerAll()
        #expect(session.read(a, type: "render").last?["environment"] == .string("dark"))
    }

    @Test func aSubscriptionInDarkGetsADarkRenderWithItsVariants() throws {
        var session = try CoreHarness(registry: registry, connections: [a, b])
        session.receive(subscribe("HikeBadge"), from: a)
        session.receive(subscribe("HikeBadge", #"{"scheme":"dark"}"#, id: 1), from: b)
        #expect(session.read(b, type: "ack").map { $0["id"] } == [.integer(1)])
        #expect(session.read(b, type: "render").isEmpty, "the dark render is made by the worker")
        guard case .render(let request)? = session.calls.first?.request else {
            Issue.record("expected a render request, got \(session.calls)")
            return
        }
        #expect(request.environments == [.dark] && request.variants == [.dark])
        session.answer()
        let light = try #require(session.read(a, type: "render").first)
        let dark = try #require(session.read(b, type: "render").first)
        #expect(dark["environment"] == .string("dark"))
        #expect(light["environment"] == nil, "the standard environment is not named")
        #expect(dark["revision"] == light["revision"] && dark["values"] == light["values"])
        #expect(dark["svg"] != light["svg"])
        let variants = try #require(dark["variants"]?.arrayValue)
        let lightVariants = try #require(light["variants"]?.arrayValue)
        #expect(variants.map { $0["name"] } == lightVariants.map { $0["name"] })
        #expect(variants.first?["svg"] != lightVariants.first?["svg"], "variants drawn in dark too")
    }

    @Test func aChangeReachesEveryEnvironmentWithOneRenderPerEnvironment() throws {
        var session = try CoreHarness(registry: registry, connections: [a, b, c])
        session.receive(subscribe("RatingControl"), from: a)
        session.receive(subscribe("RatingControl", #"{"scheme":"dark"}"#), from: b)
        // A matrix window: three environments of one component, one of them the same as b's.
        for environment in [#"{"scheme":"dark"}"#, #"{"direction":"rtl"}"#, #"{"scheme":"dark","textSize":"accessibility3"}"#] {
            session.receive(subscribe("RatingControl", environment), from: c)
        }
        session.answerAll()
        session.receive(#"{"type":"set","component":"RatingControl","values":{"rating":3},"id":7}"#, from: a)
        session.answer()
        #expect(session.read(a, type: "render").last?["revision"] == .integer(1))
        #expect(session.read(b, type: "render").last?["revision"] == .integer(0), "other environments follow one worker call later")
        guard case .render(let request)? = session.calls.first?.request else {
            Issue.record("expected a render request")
            return
        }
        #expect(Set(request.environments.map(\.name)) == ["dark", "rtl", "dark-accessibility3"], "each environment rendered once")
        #expect(request.variants.isEmpty, "variants only for a new subscription")
        session.answer()
        #expect(session.calls.isEmpty)
        let darkForB = try #require(session.read(b, type: "render").last)
        #expect(darkForB["revision"] == .integer(1) && darkForB["values"]?["rating"] == .integer(3))
        let forC = session.read(c, type: "render").filter { $0["revision"] == .integer(1) }
        #expect(Set(forC.compactMap { $0["environment"]?.stringValue }) == ["dark", "rtl", "dark-accessibility3"])
        #expect(forC.first { $0["environment"] == .string("dark") }?["svg"] == darkForB["svg"], "one render serves every window there")
    }

    @Test func aBurstRefreshesOtherEnvironmentsOnceForTheNewestValues() throws {
        var session = try CoreHarness(registry: registry, connections: [a, b])
        session.receive(subscribe("HikeBadge", #"{"scheme":"dark"}"#), from: b)
        session.answerAll()
        for hue in 1...50 {
            session.receive(#"{"type":"set","component":"HikeBadge","values":{"hueRotation":\#(hue)}}"#, from: a)
        }
        session.answerAll()
        let renders = session.read(b, type: "render")
        #expect(renders.last?["values"]?["hueRotation"] == .integer(50))
        #expect(renders.count <= 4, "renders in dark are coalesced: \(renders.count)")
    }

    @Test func unsubscribingFromAnEnvironmentStopsItsRenders() throws {
        var session = try CoreHarness(registry: registry, connections: [a, b])
        session.receive(subscribe("PageControl", #"{"direction":"rtl"}"#), from: b)
        session.answerAll()
        session.receive(#"{"type":"unsubscribe","component":"PageControl","environment":{"direction":"rtl"}}"#, from: b)
        session.receive(#"{"type":"set","component":"PageControl","values":{"currentPage":2}}"#, from: a)
        session.answerAll()
        #expect(session.read(b, type: "render").count == 1)
        #expect(!session.calls.contains { if case .render = $0.request { true } else { false } })
    }

    @Test func aTapLandsWhereItWasMadeInTheEnvironmentItWasMadeIn() throws {
        var session = try CoreHarness(registry: registry, connections: [a])
        session.receive(#"{"type":"set","component":"PageControl","values":{"currentPage":1}}"#, from: a)
        session.answerAll()
        // Right to left the first page is on the right: a tap at the right end goes back a page.
        session.receive(#"{"type":"tap","component":"PageControl","target":"page-control","location":{"x":70,"y":20},"environment":{"direction":"rtl"},"id":2}"#, from: a)
        session.answerAll()
        #expect(session.core.snapshot["PageControl"]?.values["currentPage"] == .integer(0))
        // The same place left to right goes forward.
        session.receive(#"{"type":"tap","component":"PageControl","target":"page-control","location":{"x":70,"y":20},"id":3}"#, from: a)
        session.answerAll()
        #expect(session.core.snapshot["PageControl"]?.values["currentPage"] == .integer(1))
    }

    @Test func aTapOutsideItsTargetIsRefusedNamingWhere() throws {
        var session = try CoreHarness(registry: registry, connections: [a])
        session.receive(#"{"type":"tap","component":"PageControl","target":"page-control","location":{"x":500,"y":20},"id":4}"#, from: a)
        session.answerAll()
        let error = try #require(session.read(a, type: "error").first)
        #expect(error["message"]?.stringValue?.contains("the tap at (500, 20) is outside") == true, "\(error)")
        #expect(session.core.snapshot["PageControl"]?.revision == 0)
    }

    @Test func anAuditAnswersWithTheFindingsInThatEnvironment() throws {
        let registry = try Registry([PaleCaption.self], previews: false)
        var session = try CoreHarness(registry: registry, connections: [a])
        session.receive(#"{"type":"audit","component":"PaleCaption","id":"light"}"#, from: a)
        session.receive(#"{"type":"audit","component":"PaleCaption","environment":{"scheme":"dark"},"id":"dark"}"#, from: a)
        session.answerAll()
        let audits = session.read(a, type: "audit")
        #expect(audits.map { $0["id"] } == [.string("light"), .string("dark")])
        let light = try #require(audits.first?["findings"]?.arrayValue)
        #expect(light.first?["kind"] == .string("contrast") && light.first?["subject"] == .string("Trail closed"))
        #expect((light.first?["ratio"]?.doubleValue ?? 99) < 1.1)
        #expect(audits.last?["findings"] == .array([]))
        #expect(audits.last?["environment"] == .string("dark") && audits.last?["revision"] == .integer(0))
    }

    @Test(arguments: [
        (#"{"type":"subscribe","component":"HikeBadge","environment":{"scheme":"purple"}}"#, "\"environment\": unknown scheme \"purple\"; expected one of light, dark"),
        (#"{"type":"subscribe","component":"HikeBadge","environment":{"textSize":"huge"}}"#, "unknown text size \"huge\"; expected one of xSmall, small"),
        (#"{"type":"audit","component":"HikeBadge","environment":"dark"}"#, "\"environment\": expected an object of environment values, got a string"),
        (#"{"type":"preview","component":"HikeBadge","values":{},"environment":{"color":"red"}}"#, "unknown environment value \"color\"; expected scheme, textSize, direction, locale or canvas"),
        (#"{"type":"tap","component":"PageControl","target":"page-control","location":{"x":"left"}}"#, "\"location\" must be an object {\"x\": number, \"y\": number} in points"),
        (#"{"type":"subscribe","component":"HikeBadge","environment":{"canvas":"Nokia 3310"}}"#, "canvas: unknown device \"Nokia 3310\"; expected fit, WIDTHxHEIGHT or one of: iPhone 16 Pro Max,"),
        (#"{"type":"subscribe","component":"HikeBadge","environment":{"canvas":"0x0"}}"#, "canvas: expected a size WIDTHxHEIGHT in points"),
    ])
    func aBadEnvironmentOrLocationIsRefusedWithWhatIsAllowed(request: String, message: String) throws {
        var session = try CoreHarness(registry: registry, connections: [a])
        session.receive(request, from: a)
        let error = try #require(session.read(a, type: "error").first)
        #expect(error["message"]?.stringValue?.contains(message) == true, "\(error)")
        #expect(session.calls.isEmpty && session.read(a, type: "render").isEmpty)
    }

    @Test func aSubscriptionOnADeviceGetsTheScreensRenderNamedByTheDevice() throws {
        var session = try CoreHarness(registry: registry, connections: [a])
        session.receive(subscribe("HikeBadge", #"{"canvas":"iphone 16 pro landscape"}"#), from: a)
        guard case .render(let request)? = session.calls.first?.request else {
            Issue.record("expected a render request, got \(session.calls)")
            return
        }
        #expect(request.environments == [.canvas(.device(Device.named("iPhone 16 Pro")!, .landscapeLeft))])
        session.answer()
        let render = try #require(session.read(a, type: "render").first)
        #expect(render["environment"] == .string("iphone-16-pro-landscape"))
        #expect(render["size"]?.description == #"{"width":874,"height":402}"#)
    }

    @Test func aWindowWatchesAComponentInAtMostSixteenEnvironments() throws {
        var session = try CoreHarness(registry: registry, connections: [a])
        for width in 1...SessionCore.maximumEnvironmentsPerComponent {
            session.receive(subscribe("HikeBadge", #"{"canvas":"\#(100 + width)x100"}"#), from: a)
        }
        #expect(session.read(a, type: "error").isEmpty)
        session.receive(subscribe("HikeBadge", #"{"canvas":"100x100"}"#, id: 9), from: a)
        let error = try #require(session.read(a, type: "error").first)
        #expect(error["id"] == .integer(9))
        #expect(error["message"]?.stringValue == "HikeBadge: this window already watches it in 16 environments, the most one window may; unsubscribe from one first")
        // One it watches already is no new one; another component is counted apart.
        session.receive(subscribe("HikeBadge", #"{"canvas":"101x100"}"#, id: 10), from: a)
        session.receive(subscribe("RatingControl", #"{"canvas":"100x100"}"#, id: 11), from: a)
        #expect(session.read(a, type: "error").count == 1)
        #expect(session.read(a, type: "ack").compactMap { $0["id"] }.suffix(2) == [.integer(10), .integer(11)])
    }

    /// An unknown 100 KB locale came back whole in the error: a value is quoted by its start and size.
    @Test func aLongUnknownEnvironmentValueIsQuotedByItsStart() throws {
        var session = try CoreHarness(registry: registry, connections: [a])
        let locale = String(repeating: "q", count: 100_000)
        session.receive(#"{"type":"subscribe","component":"HikeBadge","environment":{"locale":"\#(locale)"},"id":1}"#, from: a)
        let error = try #require(session.read(a, type: "error").first)
        let message = try #require(error["message"]?.stringValue)
        #expect(message.contains("unknown locale \"\(locale.prefix(40))…\" (100000 bytes)"))
        #expect(message.utf8.count < 300)
    }

    @Test func aCrashInOneEnvironmentIsThatEnvironmentsProblemOnly() throws {
        var session = try CoreHarness(registry: registry, connections: [a, b])
        session.receive(subscribe("RatingControl"), from: a)
        session.receive(subscribe("RatingControl", #"{"scheme":"dark"}"#), from: b)
        session.answer(failing: .crashed("Fatal error: dark only (RatingControl.swift:12)"))
        let problem = try #require(session.read(b, type: "problem").first)
        #expect(problem["environment"] == .string("dark"))
        #expect(problem["message"] == .string("RatingControl crashed while rendering with its current values in dark: Fatal error: dark only (RatingControl.swift:12)"))
        #expect(session.read(a, type: "problem").isEmpty)
        // The standard window keeps working.
        session.receive(#"{"type":"set","component":"RatingControl","values":{"rating":2},"id":1}"#, from: a)
        session.answer()
        #expect(session.read(a, type: "render").last?["revision"] == .integer(1))
    }

    @Test func aSecondWindowInTheSameEnvironmentIsAnsweredWithoutTheWorker() throws {
        var session = try CoreHarness(registry: registry, connections: [a, b])
        session.receive(subscribe("ProfileSummary", #"{"textSize":"accessibility3"}"#), from: a)
        session.answerAll()
        session.receive(subscribe("ProfileSummary", #"{"textSize":"accessibility3"}"#), from: b)
        #expect(session.calls.isEmpty)
        let render = try #require(session.read(b, type: "render").first)
        #expect(render["environment"] == .string("accessibility3") && render["variants"] != nil)
        #expect(render["svg"] == session.read(a, type: "render").first?["svg"])
    }
}
