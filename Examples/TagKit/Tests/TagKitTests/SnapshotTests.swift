import StarboardTesting
import TagKit
import Testing

/// Every component's defaults and variants against the golden SVGs in __Snapshots__ beside this
/// file. `RECORD_SNAPSHOTS=1 swift test` records them after an intended change.
@Test func everyVariantMatchesItsSnapshot() {
    assertSnapshots(of: [TagChip.self, TagCount.self])
}
