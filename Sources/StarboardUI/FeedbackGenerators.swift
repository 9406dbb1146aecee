/// Haptics, which a still preview cannot play: UIKit's feedback generators (SwiftUI brings UIKit
/// with it on iOS, so views call them with only `import SwiftUI`) and SwiftUI's
/// `.sensoryFeedback(_:trigger:)`, accepted and silent.
open class UIFeedbackGenerator: @unchecked Sendable {
    public init() {}

    /// Readies the engine; nothing to ready here.
    open func prepare() {}
}

/// A tap of the Taptic Engine, as UIKit's `UIImpactFeedbackGenerator`: silent in a preview.
open class UIImpactFeedbackGenerator: UIFeedbackGenerator, @unchecked Sendable {
    public enum FeedbackStyle: Int, Sendable {
        case light, medium, heavy, soft, rigid
    }

    public let style: FeedbackStyle

    public init(style: FeedbackStyle) {
        self.style = style
        super.init()
    }

    public override convenience init() {
        self.init(style: .medium)
    }

    open func impactOccurred() {}
    open func impactOccurred(intensity: CGFloat) {}
    open func impactOccurred(at location: CGPoint) {}
    open func impactOccurred(intensity: CGFloat, at location: CGPoint) {}
}

/// The tick of a changed selection, as UIKit's `UISelectionFeedbackGenerator`: silent here.
open class UISelectionFeedbackGenerator: UIFeedbackGenerator, @unchecked Sendable {
    open func selectionChanged() {}
    open func selectionChanged(at location: CGPoint) {}
}

/// Success, warning and error haptics, as UIKit's `UINotificationFeedbackGenerator`: silent here.
open class UINotificationFeedbackGenerator: UIFeedbackGenerator, @unchecked Sendable {
    public enum FeedbackType: Int, Sendable {
        case success, warning, error
    }

    open func notificationOccurred(_ notificationType: FeedbackType) {}
    open func notificationOccurred(_ notificationType: FeedbackType, at location: CGPoint) {}
}

/// A haptic SwiftUI plays when a value changes, as its `SensoryFeedback`.
public struct SensoryFeedback: Hashable, Sendable {
    enum Kind: Hashable, Sendable {
        case success, warning, error, selection, increase, decrease, start, stop, alignment, levelChange, impact
    }

    let kind: Kind

    public static let success = SensoryFeedback(kind: .success)
    public static let warning = SensoryFeedback(kind: .warning)
    public static let error = SensoryFeedback(kind: .error)
    public static let selection = SensoryFeedback(kind: .selection)
    public static let increase = SensoryFeedback(kind: .increase)
    public static let decrease = SensoryFeedback(kind: .decrease)
    public static let start = SensoryFeedback(kind: .start)
    public static let stop = SensoryFeedback(kind: .stop)
    public static let alignment = SensoryFeedback(kind: .alignment)
    public static let levelChange = SensoryFeedback(kind: .levelChange)
    public static let impact = SensoryFeedback(kind: .impact)

    /// How heavy an impact feels.
    public struct Weight: Hashable, Sendable {
        let value: Int
        public static let light = Weight(value: 0)
        public static let medium = Weight(value: 1)
        public static let heavy = Weight(value: 2)
    }

    /// How rigid what an impact strikes feels.
    public struct Flexibility: Hashable, Sendable {
        let value: Int
        public static let rigid = Flexibility(value: 0)
        public static let solid = Flexibility(value: 1)
        public static let soft = Flexibility(value: 2)
    }

    public static func impact(weight: Weight = .medium, intensity: Double = 1) -> SensoryFeedback { .impact }
    public static func impact(flexibility: Flexibility, intensity: Double = 1) -> SensoryFeedback { .impact }
}

extension View {
    /// Plays `feedback` when `trigger` changes: accepted, and silent (a preview has no haptics
    /// and no later change).
    public consuming func sensoryFeedback<T: Equatable>(_ feedback: SensoryFeedback, trigger: T) -> some View {
        self
    }

    public consuming func sensoryFeedback<T: Equatable>(_ feedback: SensoryFeedback, trigger: T, condition: @escaping (T, T) -> Bool) -> some View {
        self
    }

    public consuming func sensoryFeedback<T: Equatable>(trigger: T, _ feedback: @escaping (T, T) -> SensoryFeedback?) -> some View {
        self
    }
}
