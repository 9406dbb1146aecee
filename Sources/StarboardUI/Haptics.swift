import Foundation

/// UIKit's haptic feedback generators, which buttons and toggles call from their actions
/// (`UIImpactFeedbackGenerator(style: .light).impactOccurred()`). `import SwiftUI` brings them on
/// iOS, so views use them with no import of their own.
///
/// A preview has nothing to vibrate, as Xcode's canvas has not: each feedback does nothing to the
/// view, and a tap that gives one says so in the actions log ("light impact feedback: no haptics
/// in a preview"), so the call is seen to run.
open class UIFeedbackGenerator {
    public init() {}

    /// Readies the Taptic Engine on a phone; nothing to ready here.
    open func prepare() {}

    func feedback(_ what: String) {
        HapticNotes.add("\(what) feedback: no haptics in a preview")
    }
}

open class UIImpactFeedbackGenerator: UIFeedbackGenerator {
    public enum FeedbackStyle: Int, Sendable {
        case light, medium, heavy, soft, rigid
    }

    public let style: FeedbackStyle

    public init(style: FeedbackStyle) {
        self.style = style
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
}

open class UINotificationFeedbackGenerator: UIFeedbackGenerator {
    public enum FeedbackType: Int, Sendable {
        case success, warning, error
    }

    open func notificationOccurred(_ notificationType: FeedbackType) {
        feedback("\(notificationType) notification")
    }
}

open class UISelectionFeedbackGenerator: UIFeedbackGenerator {
    open func selectionChanged() {
        feedback("selection")
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
