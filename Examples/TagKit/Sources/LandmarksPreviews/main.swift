import StarboardKit

// No components: every #Preview and PreviewProvider in this program is an entry.
Starboard.main(components: [])
