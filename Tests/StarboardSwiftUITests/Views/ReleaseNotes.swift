#if canImport(SwiftUI)
import SwiftUI
#else
import StarboardUI
#endif

/// Release notes written as attributed strings: one from Markdown, one built run by run with
/// SwiftUI's attributes, a slice recoloured by `range(of:)`, and a link in the tint.
struct ReleaseNotes: View {
    var version = "2.4"

    var headline: AttributedString {
        var title = AttributedString("Version \(version)")
        title.font = .title2.bold()
        var tag = AttributedString(" beta")
        tag.foregroundColor = .orange
        tag.inlinePresentationIntent = .emphasized
        return title + tag
    }

    var summary: AttributedString {
        var text = (try? AttributedString(markdown: "Trails load **twice as fast**, `offline` maps are *smaller*, and ~~the old sync~~ is gone.")) ?? AttributedString()
        if let range = text.range(of: "twice as fast") {
            text[range].foregroundColor = .green
        }
        return text
    }

    var footer: AttributedString {
        var text = AttributedString("Read the ")
        var link = AttributedString("full notes")
        link.link = URL(string: "https://example.com/notes")
        link.underlineStyle = .single
        text.append(link)
        text.append(AttributedString(" online."))
        return text
    }

    var body: some View {
        VStack(alignment: .leading, spacing: 10) {
            Text(headline)
            Text(summary)
            Text(footer)
                .font(.footnote)
                .foregroundColor(.secondary)
        }
        .padding()
        .frame(width: 320, alignment: .leading)
    }
}
