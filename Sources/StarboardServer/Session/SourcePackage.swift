/// Where "Save as variant" edits code: the package whose sources the running components were
/// built from (the one `serve --watch` rebuilds).
public struct SourcePackage: Sendable, Equatable {
    /// The folder with `Package.swift`.
    public var root: String
    /// Whether a saved variant appears by itself: `serve --watch` rebuilds on the edit.
    public var rebuildsOnChange: Bool

    public init(root: String, rebuildsOnChange: Bool) {
        self.root = root
        self.rebuildsOnChange = rebuildsOnChange
    }
}
