import Foundation

/// Haptics, which a still preview cannot play: UIKit's feedback generators (SwiftUI brings UIKit
/// with it on iOS, so views call them with only `import SwiftUI`) and SwiftUI's
/// `.sensoryFeedback(_:trigger:)`, accepted and silent. A tap whose action gives feedback says so
/// in the actions log ("light impact feedback: no haptics in a preview"), so the call is seen to
/// run.
open class UIFeedbackGenerator: @unchecked Sendable {
    public init() {}

    /// Readies the engine; nothing to ready here.
    open func prepare() {}

    func feedback(_ what: String) {
        HapticNotes.add("\(what) feedback: no haptics in a preview")
    }
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

    open func impactOccurred() {
        feedback("\(style) impact")
    }

    /// `intensity` runs from 0 to 1 on a phone.
    open func impactOccurred(intensity: CGFloat) {
        feedback("\(style) impact at intensity \(min(max(intensity, 0), 1))")
    }

    open func impactOccurred(at location: CGPoint) {
        impactOccurred()
    }

    open func impactOccurred(intensity: CGFloat, at location: CGPoint) {
        impactOccurred(intensity: intensity)
    }
}

/// The tick of a changed selection, as UIKit's `UISelectionFeedbackGenerator`: silent here.
open class UISelectionFeedbackGenerator: UIFeedbackGenerator, @unchecked Sendable {
    open func selectionChanged() {
        feedback("selection")
    }

    open func selectionChanged(at location: CGPoint) {
        selectionChanged()
    }
}

/// Success, warning and error haptics, as UIKit's `UINotificationFeedbackGenerator`: silent here.
open class UINotificationFeedbackGenerator: UIFeedbackGenerator, @unchecked Sendable {
    public enum FeedbackType: Int, Sendable {
        case success, warning, error
    }

    open func notificationOccurred(_ notificationType: FeedbackType) {
        feedback("\(notificationType) notification")
    }

    open func notificationOccurred(_ notificationType: FeedbackType, at location: CGPoint) {
        notificationOccurred(notificationType)
    }
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

/// The feedback a tap's action gave, gathered on the thread that runs it.
enum HapticNotes {
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    private final class Gathered {
        var notes: [String] = []
    }

    /// Runs `body`, and returns the notes of the feedback it gave, in order.
    static func gathering(_ body: () -> Void) -> [String] {
        let gathered = Gathered()
        let previous = pthread_getspecific(key)
        pthread_setspecific(key, Unmanaged.passUnretained(gathered).toOpaque())
        defer { pthread_setspecific(key, previous) }
        body()
        return gathered.notes
    }

    /// Feedback given outside a tap (while a body is built, say) is noted nowhere.
    static func add(_ note: String) {
        guard let pointer = pthread_getspecific(key) else { return }
        Unmanaged<Gathered>.fromOpaque(pointer).takeUnretainedValue().notes.append(note)
    }
}
