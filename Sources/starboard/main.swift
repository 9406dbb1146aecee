import StarboardComponents
import StarboardKit

// Starboard's own previews are a consumer like any other: its example components, registered.
Starboard.main(components: shippedComponents)
