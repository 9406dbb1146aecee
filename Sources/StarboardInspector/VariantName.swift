import Foundation

/// When two variant names are the same name: compared after Unicode's default lowercase mapping
/// and canonical composition (NFC), so "Café" typed with a combining accent, "CAFÉ" and "café"
/// are one name, as are the ohm sign Ω (U+2126) and the Greek capital omega Ω (U+03A9).
/// Case is ignored because a variant's name also names its golden SVG, and two files whose
/// names differ only in case are one file on macOS's and Windows' file systems. Compatibility
/// forms stay apart ("ﬁ" is not "fi"): they are different text, not another spelling.
public enum VariantName {
    /// The rule in words, for errors.
    public static let rule = "names are compared ignoring case, after Unicode canonical normalisation (NFC)"

    /// What two names that are the same name have in common.
    public static func key(_ name: String) -> String {
        name.lowercased().precomposedStringWithCanonicalMapping
    }

    /// Whether `a` and `b` are the same name.
    public static func same(_ a: String, _ b: String) -> Bool {
        key(a) == key(b)
    }
}
