// SwiftUI brings Foundation with it (`CGFloat`, `CGSize`, `Date`, format styles), so code written
// for it uses them with only `import SwiftUI`; `import StarboardUI` does the same.
@_exported import Foundation
// `import SwiftUI` brings the Observation module too (`@Observable`, `Observable`).
@_exported import Observation
