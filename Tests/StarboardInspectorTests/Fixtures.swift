import StarboardInspector
import StarboardUI

/// A component with one property of every kind, for exercising parsing and validation.
struct EveryKind: Component {
    enum Mood: String, InspectableChoice { case calm, busy }

    @Inspectable(range: 1...10, step: 1) var count = 3
    @Inspectable(range: 0...1, step: 0.1) var amount = 0.5
    @Inspectable var enabled = true
    @Inspectable(maxLength: 5) var title = "hi"
    @Inspectable(range: 1...100) var box = Size(width: 10, height: 20)
    @Inspectable(range: -50...50) var origin = Point(x: 0, y: 0)
    @Inspectable var tint = Color(red8: 255, green8: 136, blue8: 0)
    @Inspectable var turn = Angle.degrees(0)
    @Inspectable var mood = Mood.calm
    @Inspectable var day = CalendarDate(year: 2026, month: 5, day: 1)
    @Inspectable(range: 0...10, atMost: "count") var level = 2

    static let variants = [Variant<EveryKind>("Busy") { $0.mood = .busy; $0.count = 9 }]

    var body: some View {
        HStack(spacing: 2) {
            ForEach(0..<count) { index in
                Rectangle().fill(tint).frame(width: box.width, height: box.height).tappable(id: "cell-\(index + 1)")
            }
        }
    }

    mutating func tap(_ target: String) -> Bool {
        guard target == "grow" else { return false }
        count += 1
        return true
    }
}

/// Two components that claim the same name.
struct First: Component {
    static let name = "Same"
    @Inspectable var on = true
    var body: some View { Rectangle() }
}

struct Second: Component {
    static let name = "Same"
    @Inspectable var off = false
    var body: some View { Circle() }
}

/// A bound that names a property that does not exist.
struct BrokenBound: Component {
    @Inspectable(range: 0...5, atMost: "missing") var value = 0
    var body: some View { Rectangle() }
}

/// A default outside its own range.
struct BrokenDefault: Component {
    @Inspectable(range: 1...5) var value = 9
    var body: some View { Rectangle() }
}

/// Two variants whose names are one name in two Unicode spellings (NFC and NFD) and two cases.
struct TwiceCafe: Component {
    @Inspectable var on = true
    static let variants = [Variant<TwiceCafe>("Caf\u{E9}") { $0.on = false }, Variant<TwiceCafe>("CAFE\u{301}") { $0.on = true }]
    var body: some View { Rectangle() }
}
