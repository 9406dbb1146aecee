import StarboardUI

/// What the catalogue knows of a preview of a plain view: where Xcode would group it, where it
/// is declared, and the traits it asks the canvas for.
public struct PreviewEntry: Sendable, Equatable {
    /// The file (`LandmarkRow.swift`) for a `#Preview`, the provider type for a `PreviewProvider`.
    public let group: String
    /// `Module/File.swift` and the line of a `#Preview`; nil for a `PreviewProvider`'s preview.
    public let source: PreviewSource?
    /// The display name the preview was given, if any.
    public let displayName: String?
    /// Layout, orientation and device, for the device canvas to apply.
    public let traits: PreviewTraits

    /// The entry's place in `list --json` and the catalog message.
    public var schema: JSONValue {
        var members: [(String, JSONValue)] = [("group", .string(group))]
        if let source {
            members += [("file", .string(source.fileID)), ("line", .integer(source.line))]
        }
        members.append(("displayName", displayName.map(JSONValue.string) ?? .null))
        members.append(("traits", Self.schema(traits)))
        return .object(members)
    }

    /// `{"layout": "device" | "sizeThatFits" | "fixed", "width": …, "height": …, "orientation": …, "device": …}`.
    static func schema(_ traits: PreviewTraits) -> JSONValue {
        var members: [(String, JSONValue)]
        switch traits.layout {
        case .device: members = [("layout", .string("device"))]
        case .sizeThatFits: members = [("layout", .string("sizeThatFits"))]
        case .fixed(let width, let height):
            members = [("layout", .string("fixed")), ("width", .number(Double(width))), ("height", .number(Double(height)))]
        }
        members.append(("orientation", .string(traits.orientation.rawValue)))
        if let device = traits.device { members.append(("device", .string(device))) }
        return .object(members)
    }
}

extension ComponentDefinition {
    /// The property a preview's entry keeps its taps in: replayed in order on a fresh preview
    /// before each render, so its `@State` lasts until the window resets the entry.
    public static let previewTapsProperty = "taps"
    /// The longest tap history one entry keeps.
    static let previewTapsLimit = 2000

    /// A catalogue entry for one preview of a plain view, named `name`.
    init(preview: FoundPreview, named name: String) {
        let makeView = preview.makeView
        let tapsName = Self.previewTapsProperty
        let taps = PropertyDescriptor(
            name: tapsName, label: "Taps", kind: .string, defaultValue: .string(""),
            constraints: Constraints(maxLength: Self.previewTapsLimit),
            help: "The taps made on this preview, replayed in order so its @State lasts; reset to start over"
        )
        self.name = name
        self.swiftType = preview.provider ?? preview.source.map { "#Preview at \($0.fileName):\($0.line)" } ?? name
        // A preview is no type a snippet can import; the page writes no import of its own for it.
        self.swiftModule = ""
        self.title = name
        self.summary = preview.source.map { "#Preview in \($0.fileID), line \($0.line)" } ?? "Preview \(preview.index + 1) of \(preview.provider ?? "a provider")"
        self.environments = []
        self.properties = [taps]
        self.defaults = [tapsName: .string("")]
        self.variants = []
        self.preview = PreviewEntry(group: preview.group, source: preview.source, displayName: preview.name, traits: preview.traits)

        /// A fresh preview with the recorded taps replayed on it.
        @Sendable func replayed(_ values: PropertyValues, environment: EnvironmentValues) throws -> AnyView {
            // One navigation session for the replayed taps and the render, so a pushed screen,
            // a selected tab or an @AppStorage value lasts as the preview's @State does.
            let view = AnyView(_NavigationSessionRoot(making: makeView))
            guard case .string(let recorded)? = values[tapsName], !recorded.isEmpty else { return view }
            for tap in recorded.split(separator: ";") {
                let (target, location) = Self.tap(from: tap)
                _ = try Renderer.performTap(on: view, target: target, at: location, environment: environment, canvas: .standardDevice)
            }
            return view
        }
        // A plain view has no inspectable properties to note the reads of.
        self.makeRendering = { values, environment, audit, _ in
            let view = try replayed(values, environment: environment)
            do {
                // On the standard device unless the preview or the window chooses, as Xcode shows one.
                var rendering = try Renderer.render(view, title: name, environment: environment, canvas: .standardDevice, audit: audit)
                if let size = Self.rootSize(in: rendering.svg), size.width <= 0 || size.height <= 0 {
                    rendering.warnings.append("preview \"\(name)\" renders nothing: its view is \(JSONValue.format(Double(size.width))) × \(JSONValue.format(Double(size.height))) points (an EmptyView, or nothing but hidden or empty views)")
                }
                return rendering
            } catch {
                throw PropertyError(component: name, property: nil, message: "cannot be rendered: \(error)")
            }
        }
        // A preview's tap always changes its values (the taps it keeps): never a render to reuse.
        self.runTap = { values, target, location, environment, _ in
            let view = try replayed(values, environment: environment)
            let outcome = try Renderer.tap(on: view, target: target, at: location, environment: environment, canvas: .standardDevice)
            guard outcome.found else { return nil }
            guard case .string(let recorded)? = values[tapsName] else { return nil }
            let tap = location.map { "\(target)@\(JSONValue.format(Double($0.x))),\(JSONValue.format(Double($0.y)))" } ?? target
            let history = recorded.isEmpty ? tap : recorded + ";" + tap
            guard history.count <= Self.previewTapsLimit else {
                throw PropertyError(component: name, property: tapsName, message: "the preview keeps at most \(Self.previewTapsLimit) characters of taps; reset it to start over")
            }
            return ([tapsName: .string(history)], outcome.notes, nil)
        }
        self.valuesOfInstance = { _ in nil }
    }

    /// The preview's own size, from the view outline the SVG carries (`data-views`, whose first
    /// record is the root view: index, x, y, width, height); zero when it has no views at all
    /// (no outline is written then). The image's size is the canvas's, not the view's.
    static func rootSize(in svg: String) -> Size? {
        guard let start = svg.range(of: "data-views=\"") else { return Size(width: 0, height: 0) }
        let rest = svg[start.upperBound...]
        guard let end = rest.firstIndex(of: "\"") else { return nil }
        let first = rest[..<end].split(separator: ";").first?.split(separator: " ") ?? []
        guard first.count >= 5, let width = Double(first[3]), let height = Double(first[4]) else { return Size(width: 0, height: 0) }
        return Size(width: width, height: height)
    }

    /// `tap-3` or `tap-3@12.5,40` back into a target and a location.
    static func tap(from text: Substring) -> (target: String, location: Point?) {
        guard let at = text.firstIndex(of: "@") else { return (String(text), nil) }
        let coordinates = text[text.index(after: at)...].split(separator: ",").compactMap { Double($0) }
        let location = coordinates.count == 2 ? Point(x: coordinates[0], y: coordinates[1]) : nil
        return (String(text[..<at]), location)
    }
}
