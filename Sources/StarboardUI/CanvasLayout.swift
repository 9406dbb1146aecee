import Foundation

/// What a preview is laid out on, as Xcode's canvas lays it out: a device's screen, the size
/// the preview chooses, or a fixed size.
///
/// A preview declares one (`.previewLayout(_:)`, `.previewDevice(_:)`,
/// `.previewInterfaceOrientation(_:)`, `#Preview(traits:)`), a window or the command line may
/// choose another (``EnvironmentValues/canvas``), and a component, which declares none, is
/// laid out at the size that fits.
public enum CanvasLayout: Hashable, Sendable {
    /// The preview at the size it chooses when offered nothing, with the canvas grown to show
    /// whatever it draws beyond its frame (a rotated card, a stroke's outer half).
    case sizeThatFits
    /// The device's screen: the preview is offered the screen minus its safe-area insets and
    /// centred there; the status bar is drawn; what is drawn beyond the screen is cut.
    case device(Device, InterfaceOrientation)
    /// A screen of this size with no safe-area insets, as `.previewLayout(.fixed(width:height:))`.
    case fixed(width: Double, height: Double)

    /// The standard device upright.
    public static let standardDevice = CanvasLayout.device(.standard, .portrait)

    /// A short name: `fit`, `iPhone 16 Pro`, `iPhone 16 Pro landscape`, `320x480`; what
    /// ``init(name:)`` reads back.
    public var name: String {
        switch self {
        case .sizeThatFits: "fit"
        case .device(let device, let orientation): orientation.isLandscape ? "\(device.name) landscape" : device.name
        case .fixed(let width, let height): "\(Self.number(width))x\(Self.number(height))"
        }
    }

    /// Reads ``name``: `fit`, a device's name (loosely spelled, with ` landscape` after it for
    /// the turned screen) or `WxH` in points; throws naming the devices there are.
    public init(name: String) throws(CanvasLayoutError) {
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        if trimmed.lowercased() == "fit" || Device.key(trimmed) == "sizethatfits" {
            self = .sizeThatFits
            return
        }
        if let size = try Self.size(trimmed, strict: false) {
            self = .fixed(width: size.width, height: size.height)
            return
        }
        var deviceName = Substring(trimmed)
        var orientation = InterfaceOrientation.portrait
        for (suffix, turned) in [("landscape", InterfaceOrientation.landscapeLeft), ("portrait", .portrait)] {
            if deviceName.lowercased().hasSuffix(suffix) {
                deviceName = deviceName.dropLast(suffix.count)
                orientation = turned
                break
            }
        }
        guard let device = Device.named(String(deviceName)) else {
            throw CanvasLayoutError.unknownDevice(name)
        }
        self = .device(device, orientation)
    }

    /// `WxH` (`390x844`, `390×844`) as a size; nil when `text` is not of that form (unless
    /// `strict`), and an error when it is but a side is not a positive number up to 10,000.
    public static func size(_ text: String, strict: Bool) throws(CanvasLayoutError) -> Size? {
        let parts = text.lowercased().split(whereSeparator: { $0 == "x" || $0 == "×" }).map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isNumber || $0 == "." } }) else {
            if strict { throw CanvasLayoutError.badSize(text) }
            return nil
        }
        guard let width = Double(parts[0]), let height = Double(parts[1]),
              width > 0, height > 0, width <= maximumSide, height <= maximumSide else {
            throw CanvasLayoutError.badSize(text)
        }
        return Size(width: width, height: height)
    }

    /// The longest side a custom size may have, in points.
    public static let maximumSide = 10_000.0

    private static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }

    // MARK: - Laying out

    /// The screen a layout puts the preview on: its size and safe area; nil to size that fits.
    var screen: (size: Size, insets: EdgeInsets, device: Device?)? {
        switch self {
        case .sizeThatFits: nil
        case .device(let device, let orientation): (device.size(in: orientation), device.insets(in: orientation), device)
        case .fixed(let width, let height): (Size(width: width, height: height), EdgeInsets(), nil)
        }
    }
}

/// Why a canvas name was refused.
public enum CanvasLayoutError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No device of ``Device/all`` has this name (nor starts with it alone).
    case unknownDevice(String)
    /// A size that is not `WIDTHxHEIGHT` with each side from 1 to ``CanvasLayout/maximumSide``.
    case badSize(String)

    public var description: String {
        switch self {
        case .unknownDevice(let name):
            "unknown device \"\(name)\"; expected fit, WIDTHxHEIGHT or one of: "
                + Device.all.map(\.name).joined(separator: ", ") + " (add \" landscape\" to turn it)"
        case .badSize(let text):
            "expected a size WIDTHxHEIGHT in points, each from 1 to \(Int(CanvasLayout.maximumSide)), got \"\(text)\""
        }
    }
}

/// What a view's preview modifiers asked for; each left nil when none set it.
struct DeclaredCanvas {
    var layout: PreviewLayout?
    var device: Device?
    var orientation: InterfaceOrientation?

    /// The canvas these ask for, with `fallback` for what they leave open (nil: no modifier).
    func resolved(fallback: CanvasLayout) -> CanvasLayout {
        var device = device, orientation = orientation
        if case .device(let standard, let turned) = fallback {
            device = device ?? standard
            orientation = orientation ?? turned
        }
        switch layout {
        case .sizeThatFits?: return .sizeThatFits
        case .fixed(let width, let height)?: return .fixed(width: Double(width), height: Double(height))
        case .device?: return .device(device ?? .standard, orientation ?? .portrait)
        case nil:
            guard self.device != nil || self.orientation != nil else { return fallback }
            return .device(device ?? .standard, orientation ?? .portrait)
        }
    }
}
