import Foundation
import StarboardInspector
import StarboardUI

/// Every control Starboard draws at rest, outside a form: fields, a slider with value labels, a
/// stepper with its own actions, the picker styles, a colour picker, a gauge, a link, a menu and
/// labelled content. The Rating stepper's value is out of its bounds on purpose in a variant, to
/// show the note the render gives.
struct ControlsGallery: Component {
    @Inspectable(maxLength: 40)
    var query = ""

    @Inspectable("Rating", range: -5...15)
    var rating = 4

    @Inspectable("Volume", range: 0...1, step: 0.1)
    var volume = 0.35

    @Inspectable("Flavor", range: 0...3)
    var flavor = 1

    static let summary = "A gallery of controls at rest: text and secure fields, slider, stepper, pickers, colour picker, gauge, link, menu, labelled content."

    static let environments: [RenderEnvironment] = [
        .canvas(.standardDevice), RenderEnvironment(scheme: .dark, canvas: .standardDevice),
    ]

    static let variants = [
        Variant<ControlsGallery>("Default"),
        Variant("Rating out of bounds") { $0.rating = 12; $0.query = "Half Dome" },
    ]

    var body: some View {
        let flavors = ["Vanilla", "Chocolate", "Strawberry", "Mint"]
        return ScrollView {
            VStack(alignment: .leading, spacing: 14) {
                TextField("Search trails", text: $query, prompt: Text("Trail or park"))
                    .textFieldStyle(.roundedBorder)
                SecureField("Password", text: .constant("hunter2"))
                    .textFieldStyle(.roundedBorder)
                TextField("Notes", text: .constant("Bring water and a map."), axis: .vertical)
                Slider(value: $volume, in: 0...1) {
                    Text("Volume")
                } minimumValueLabel: {
                    Text("0")
                } maximumValueLabel: {
                    Text("10")
                }
                Stepper("Rating: \(rating)", value: $rating, in: 0...10)
                Stepper("Locked", value: .constant(2), in: 0...5)
                Picker("Flavor", selection: $flavor) {
                    ForEach(flavors.indices, id: \.self) { index in
                        Text(flavors[index]).tag(index)
                    }
                }
                .pickerStyle(.segmented)
                HStack {
                    Text("Flavor")
                    Spacer()
                    Picker("Flavor", selection: $flavor) {
                        ForEach(flavors.indices, id: \.self) { index in
                            Text(flavors[index]).tag(index)
                        }
                    }
                    .pickerStyle(.menu)
                }
                Picker("Flavor", selection: $flavor) {
                    ForEach(flavors.indices, id: \.self) { index in
                        Text(flavors[index]).tag(index)
                    }
                }
                .pickerStyle(.wheel)
                ColorPicker("Trail Colour", selection: .constant(Color.orange))
                Gauge(value: volume, in: 0...1) {
                    Text("Battery")
                } currentValueLabel: {
                    Text("\(Int(volume * 100))%")
                } minimumValueLabel: {
                    Text("0")
                } maximumValueLabel: {
                    Text("100")
                }
                HStack {
                    Link("Trail Guide", destination: URL(string: "https://example.com/trails")!)
                    Spacer()
                    Menu("Share") {
                        Button("Copy Link") {}
                    }
                }
                LabeledContent("Version", value: "2.4")
            }
            .padding()
        }
    }
}
