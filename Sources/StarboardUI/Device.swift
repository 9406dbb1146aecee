/// A screen a preview can be laid out on: its size in points and its safe-area insets, upright
/// and turned.
///
/// The sizes are the screen dimensions in points from Apple's Human Interface Guidelines
/// (Layout, "iOS, iPadOS device screen dimensions"); the insets are the `safeAreaInsets` UIKit
/// reports on those devices in Xcode 16's simulators, as widely published (status bar or sensor
/// housing on top, the home indicator at the bottom; a turned iPhone hides its status bar).
public struct Device: Hashable, Sendable {
    /// The name Xcode's device menu shows (`iPhone 16 Pro`).
    public let name: String
    /// Phone or tablet: which status bar it draws.
    public let idiom: Idiom
    /// The screen upright, in points.
    public let portraitSize: Size
    /// The safe-area insets upright (leading and trailing are left and right).
    public let portraitInsets: EdgeInsets
    /// The safe-area insets turned, home indicator at the bottom.
    public let landscapeInsets: EdgeInsets
    /// The radius of the screen's corners, for the page's device frame.
    public let cornerRadius: Double

    /// Which kind of device, as UIKit's user interface idiom.
    public enum Idiom: String, Hashable, Sendable { case phone, pad }

    /// A device of your own; ``all`` lists the ones Starboard knows by name.
    public init(name: String, idiom: Idiom, portraitSize: Size, portraitInsets: EdgeInsets, landscapeInsets: EdgeInsets, cornerRadius: Double) {
        self.name = name
        self.idiom = idiom
        self.portraitSize = portraitSize
        self.portraitInsets = portraitInsets
        self.landscapeInsets = landscapeInsets
        self.cornerRadius = cornerRadius
    }

    /// The screen's size in `orientation`.
    public func size(in orientation: InterfaceOrientation) -> Size {
        orientation.isLandscape ? Size(width: portraitSize.height, height: portraitSize.width) : portraitSize
    }

    /// The safe-area insets in `orientation`.
    public func insets(in orientation: InterfaceOrientation) -> EdgeInsets {
        orientation.isLandscape ? landscapeInsets : portraitInsets
    }

    /// What a search for a device compares: the name in lower case with only letters and digits
    /// (`iphone16pro`), so `"iPhone 16 Pro"`, `iphone-16-pro` and `iPhone16Pro` name one device.
    static func key(_ name: String) -> String {
        String(name.lowercased().unicodeScalars.filter { ($0 >= "a" && $0 <= "z") || ($0 >= "0" && $0 <= "9") }.map(Character.init))
    }

    /// The device called `name` (spelled loosely, see ``key(_:)``), if it is one of ``all``;
    /// the start of one name will do when it is the start of no other (`iPad mini`).
    public static func named(_ name: String) -> Device? {
        let wanted = key(name)
        guard !wanted.isEmpty else { return nil }
        if let exact = all.first(where: { key($0.name) == wanted }) { return exact }
        let starting = all.filter { key($0.name).hasPrefix(wanted) }
        return starting.count == 1 ? starting[0] : nil
    }

    /// The devices Starboard knows, phones first, largest first.
    public static let all: [Device] = [
        phone("iPhone 16 Pro Max", 440, 956, top: 62, side: 62),
        phone("iPhone 16 Pro", 402, 874, top: 62, side: 62),
        phone("iPhone 16 Plus", 430, 932, top: 59, side: 59),
        phone("iPhone 16", 393, 852, top: 59, side: 59),
        Device(
            name: "iPhone SE (3rd generation)", idiom: .phone, portraitSize: Size(width: 375, height: 667),
            portraitInsets: EdgeInsets(top: 20), landscapeInsets: EdgeInsets(), cornerRadius: 0
        ),
        pad("iPad Pro 13-inch (M4)", 1032, 1376),
        pad("iPad Pro 11-inch (M4)", 834, 1210),
        pad("iPad Air 11-inch (M2)", 820, 1180),
        pad("iPad mini (A17 Pro)", 744, 1133),
    ]

    /// The device previews of plain views are shown on unless they or the window choose another:
    /// Xcode 16's default, the iPhone 16 Pro.
    public static let standard = all[1]

    /// A Face ID iPhone: the sensor housing's inset on top (on the sides when turned) and the
    /// home indicator's 34 points at the bottom (21 turned).
    private static func phone(_ name: String, _ width: Double, _ height: Double, top: Double, side: Double) -> Device {
        Device(
            name: name, idiom: .phone, portraitSize: Size(width: width, height: height),
            portraitInsets: EdgeInsets(top: top, bottom: 34),
            landscapeInsets: EdgeInsets(leading: side, bottom: 21, trailing: side),
            cornerRadius: top >= 62 ? 62 : 55
        )
    }

    /// An iPad without a home button: a 24-point status bar and a 20-point home indicator either way up.
    private static func pad(_ name: String, _ width: Double, _ height: Double) -> Device {
        Device(
            name: name, idiom: .pad, portraitSize: Size(width: width, height: height),
            portraitInsets: EdgeInsets(top: 24, bottom: 20), landscapeInsets: EdgeInsets(top: 24, bottom: 20),
            cornerRadius: 18
        )
    }
}

/// Which way up the device is held, as SwiftUI's `InterfaceOrientation`.
public enum InterfaceOrientation: String, Hashable, Sendable, CaseIterable {
    case portrait, portraitUpsideDown, landscapeLeft, landscapeRight

    /// Turned on its side: the screen's width and height swap.
    public var isLandscape: Bool { self == .landscapeLeft || self == .landscapeRight }
}
