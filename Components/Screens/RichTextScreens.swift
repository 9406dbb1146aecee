import Foundation
import StarboardUI

/// A release note written with a literal's inline Markdown: bold, italic, code and a link each
/// drawn in its own face or colour, beside a `String` variable whose asterisks stay as written.
struct MarkdownReleaseNote: View {
    let shortcut = "**not bold**: a variable"

    var body: some View {
        VStack(alignment: .leading, spacing: 8) {
            Text("Release 2.4").font(.headline)
            Text("Trails now load **twice as fast** and work *offline*.")
            Text("Run `starboard serve --watch` to try it, or read [the guide](https://example.com/guide).")
            Text(shortcut).foregroundColor(.secondary)
            Text("Hiker since ") + Text(Date(timeIntervalSinceReferenceDate: 0), style: .date).italic()
        }
        .padding()
        .frame(width: 320, alignment: .leading)
    }
}

#Preview("Markdown release note") { MarkdownReleaseNote() }
