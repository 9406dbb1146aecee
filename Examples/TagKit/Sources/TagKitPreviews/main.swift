import StarboardKit
import TagKit

Starboard.main(components: [TagChip.self, TagCount.self])
