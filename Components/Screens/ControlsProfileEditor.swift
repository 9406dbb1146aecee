import Foundation
import StarboardInspector
import StarboardUI

/// A hiker's profile as an iOS settings form: a text field, a toggle, a segmented and a menu
/// picker, a date picker, a stepper and a slider, each bound to an inspectable property, so a
/// tap on the stepper, a segment or the toggle in the live preview changes it for every window.
struct ControlsProfileEditor: Component {
    /// Which units distances are shown in.
    enum Units: String, InspectableChoice {
        case kilometres, miles
    }

    /// The kind of trail the hiker likes.
    enum Terrain: String, InspectableChoice {
        case forest, coast, mountain
    }

    @Inspectable(maxLength: 40)
    var name = "Gabriela Kumar"

    @Inspectable("Share Hikes")
    var sharesHikes = true

    @Inspectable
    var units = Units.kilometres

    @Inspectable
    var terrain = Terrain.mountain

    @Inspectable("Member Since")
    var memberSince = CalendarDate(year: 2024, month: 5, day: 18)

    @Inspectable("Hikes per Week", range: 0...14)
    var hikesPerWeek = 3

    @Inspectable("Pace", range: 0...1, step: 0.05, help: "How hard the hikes are, from gentle to brisk.")
    var pace = 0.6

    static let summary = "A profile editor form: text field, toggle, segmented and menu pickers, date picker, stepper and slider."

    static let environments: [RenderEnvironment] = [
        .canvas(.standardDevice), RenderEnvironment(scheme: .dark, canvas: .standardDevice),
    ]

    static let variants = [
        Variant<ControlsProfileEditor>("Default"),
        Variant("Miles, no sharing, at the stepper's bound") { $0.units = .miles; $0.sharesHikes = false; $0.hikesPerWeek = 14 },
    ]

    var body: some View {
        Form {
            Section("Profile") {
                TextField("Name", text: $name)
                Toggle("Share Hikes", isOn: $sharesHikes)
                    .accessibilityIdentifier("share-hikes")
            }
            Section("Preferences") {
                Picker("Units", selection: $units) {
                    Text("Kilometres").tag(Units.kilometres)
                    Text("Miles").tag(Units.miles)
                }
                .pickerStyle(.segmented)
                Picker("Terrain", selection: $terrain) {
                    ForEach(Terrain.allCases, id: \.self) { terrain in
                        Text(terrain.rawValue.capitalized).tag(terrain)
                    }
                }
                DatePicker("Member Since", selection: memberSinceDate, displayedComponents: .date)
                Stepper("Hikes per Week: \(hikesPerWeek)", value: $hikesPerWeek, in: 0...14)
                Slider(value: $pace, in: 0...1) {
                    Text("Pace")
                } minimumValueLabel: {
                    Image(systemName: "leaf")
                } maximumValueLabel: {
                    Image(systemName: "sun.max.fill")
                }
            }
        }
    }

    /// The member date as the date picker takes it; the picker does not write (no date input).
    private var memberSinceDate: Binding<Date> {
        let date = memberSince.date
        return Binding(get: { date }, set: { _ in })
    }
}
