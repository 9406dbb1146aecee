import StarboardInspector
import StarboardUI

// Components as big and deep as real ones get, registered with `STARBOARD_DIAGNOSTICS=1`: the
// bench measures layout against their size, and tests count the work each render does, so a
// layout that grows faster than the view cannot come back unnoticed.

/// What the stress components put at their leaves.
enum StressLeaf: String, InspectableChoice {
    /// A rectangle in a fixed frame: its size is known without asking the rectangle.
    case fixed
    /// A rectangle in a flexible frame: every offer changes its size.
    case flexible
    /// A short text.
    case text
}

/// One leaf view.
struct StressLeafView: View {
    let kind: StressLeaf
    let number: Int

    var body: some View {
        switch kind {
        case .fixed:
            AnyView(Rectangle().fill(.blue).frame(width: 4, height: 4))
        case .flexible:
            AnyView(Rectangle().fill(.blue).frame(minWidth: 2, maxWidth: 12, minHeight: 2, maxHeight: 12))
        case .text:
            AnyView(Text("\(number)").font(.caption))
        }
    }
}

/// Stacks nested `depth` levels deep, alternating `HStack` and `VStack`, two children at each
/// level: 3 × 2^depth − 1 views with fixed leaves.
struct NestedStacks: Component {
    @Inspectable(range: 0...20, help: "Levels of stacks; each level doubles the views.")
    var depth = 6

    @Inspectable(help: "What the innermost views are.")
    var leaf = StressLeaf.flexible

    @Inspectable(help: "Offers the nest a fixed 600 × 600 frame, so every stack shares out a length.")
    var framed = true

    static let summary = "Diagnostics: alternating HStack and VStack nested depth levels deep."

    var body: some View {
        if framed {
            Nest(depth: depth, horizontal: true, leaf: leaf, number: 1).frame(width: 600, height: 600)
        } else {
            Nest(depth: depth, horizontal: true, leaf: leaf, number: 1)
        }
    }

    struct Nest: View {
        let depth: Int
        let horizontal: Bool
        let leaf: StressLeaf
        let number: Int

        var body: AnyView {
            if depth == 0 { return AnyView(StressLeafView(kind: leaf, number: number)) }
            let first = Nest(depth: depth - 1, horizontal: !horizontal, leaf: leaf, number: number * 2)
            let second = Nest(depth: depth - 1, horizontal: !horizontal, leaf: leaf, number: number * 2 + 1)
            if horizontal {
                return AnyView(HStack(spacing: 2) { first; second })
            }
            return AnyView(VStack(spacing: 2) { first; second })
        }
    }
}

/// One rectangle inside a chain of `length` single-child containers.
struct StackChain: Component {
    /// The container each link of the chain is.
    enum Link: String, InspectableChoice {
        case stacks, paddings, frames
    }

    @Inspectable(range: 0...5000, help: "How many containers wrap the rectangle.")
    var length = 16

    @Inspectable(help: "Stacks alternate HStack and VStack; frames are flexible.")
    var link = Link.stacks

    @Inspectable(help: "Offers the chain a fixed 300 × 300 frame.")
    var framed = true

    static let summary = "Diagnostics: a rectangle wrapped in a chain of single-child containers."

    var body: some View {
        if framed {
            Chain(length: length, link: link).frame(width: 300, height: 300)
        } else {
            Chain(length: length, link: link)
        }
    }

    struct Chain: View {
        let length: Int
        let link: Link

        var body: AnyView {
            guard length > 0 else { return AnyView(Rectangle().fill(.green).frame(minWidth: 10, maxWidth: 40, minHeight: 10, maxHeight: 40)) }
            let inner = Chain(length: length - 1, link: link)
            switch link {
            case .stacks:
                return length.isMultiple(of: 2) ? AnyView(HStack { inner }) : AnyView(VStack { inner })
            case .paddings:
                return AnyView(inner.padding(1))
            case .frames:
                return AnyView(inner.frame(minWidth: 10, maxWidth: .infinity))
            }
        }
    }
}

/// A list of `count` rows, each a label, a spacer and a value.
struct WideList: Component {
    @Inspectable(range: 0...100_000, help: "How many rows the list has.")
    var count = 50

    static let summary = "Diagnostics: a long ForEach of rows."

    var body: some View {
        VStack(alignment: .leading, spacing: 4) {
            ForEach(0..<count) { row in
                HStack {
                    Text("Row \(row)")
                    Spacer()
                    Text("\(row * 7 % 100) %").foregroundColor(.secondary)
                }
            }
        }
        .frame(width: 320)
    }
}

/// A paragraph of `words` words wrapped to a fixed width.
struct LongText: Component {
    @Inspectable(range: 0...100_000, help: "How many words the paragraph has.")
    var words = 60

    @Inspectable(range: 40...1000, step: 10, help: "The width the text wraps to.")
    var width = 320.0

    static let summary = "Diagnostics: one long text wrapped to a width."

    static let vocabulary = ["layout", "in", "linear", "time", "keeps", "deep", "views", "fast", "and", "text", "wraps", "to", "the", "width", "offered"]

    var body: some View {
        Text(paragraph)
            .frame(width: width, alignment: .leading)
    }

    private var paragraph: String {
        (0..<words).map { Self.vocabulary[$0 % Self.vocabulary.count] }.joined(separator: " ")
    }
}
