/// A preview of the view its closure makes, as SwiftUI's `#Preview`:
///
/// ```swift
/// #Preview("Turtle Rock", traits: .sizeThatFitsLayout) {
///     LandmarkRow(landmark: landmarks[0])
/// }
/// ```
///
/// Expanded by Starboard's own compiler plugin (`StarboardPreviewMacros`, Foundation only)
/// into a type Starboard finds at start-up; every `#Preview` in the program becomes a catalogue
/// entry, or a variant when it shows a registered component.
@freestanding(declaration)
public macro Preview(_ name: String? = nil, @ViewBuilder body: @escaping () -> any View) =
    #externalMacro(module: "StarboardPreviewMacros", type: "PreviewMacro")

/// A preview with traits: `#Preview("Row", traits: .sizeThatFitsLayout) { … }`.
@freestanding(declaration)
public macro Preview(_ name: String? = nil, traits: PreviewTrait, _ additionalTraits: PreviewTrait..., @ViewBuilder body: @escaping () -> any View) =
    #externalMacro(module: "StarboardPreviewMacros", type: "PreviewMacro")

/// What a `#Preview` expands to; found in the running program by ``Previews/all(wanted:)``.
public protocol _PreviewMacro: SendableMetatype {
    static var _previewName: String? { get }
    static var _previewTraits: [PreviewTrait] { get }
    static var _previewSource: PreviewSource { get }
    /// The type the block's closure makes, known without running it.
    static var _previewContentType: Any.Type { get }
    static func _makePreview() -> AnyView
}

/// Where a preview is declared.
public struct PreviewSource: Sendable, Hashable {
    /// `Module/File.swift`, as `#fileID`.
    public let fileID: String
    public let line: Int

    public init(fileID: String, line: Int) {
        self.fileID = fileID
        self.line = line
    }

    /// The file's name without its module: `File.swift`.
    public var fileName: String {
        fileID.split(separator: "/").last.map(String.init) ?? fileID
    }
}

/// Marks a variable of a `#Preview` block as state of the preview, as SwiftUI's `@Previewable`:
///
/// ```swift
/// #Preview {
///     @Previewable @State var isOn = true
///     Toggle("Wi-Fi", isOn: $isOn)
/// }
/// ```
///
/// The macro moves the declaration into the view it makes; this wrapper only lets the block
/// type-check as written (it hands `$isOn` through to the wrapper inside).
@propertyWrapper
public struct Previewable<Wrapped: _PreviewableProperty> {
    public var wrappedValue: Wrapped

    public init(wrappedValue: Wrapped) {
        self.wrappedValue = wrappedValue
    }

    public var projectedValue: Wrapped.Projection { wrappedValue.projectedValue }
}

/// A property wrapper `@Previewable` can hold: one with a projected value.
public protocol _PreviewableProperty {
    associatedtype Projection
    var projectedValue: Projection { get }
}

extension State: _PreviewableProperty {}
