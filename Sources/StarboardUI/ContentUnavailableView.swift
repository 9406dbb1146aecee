/// An empty state, as iOS 17's `ContentUnavailableView`: a large symbol in the secondary label
/// colour over a bold title, a secondary description under them and the actions under that,
/// centred in whatever space the view is offered, which it fills.
///
/// ```swift
/// ContentUnavailableView("No Trails", systemImage: "mountain.2", description: Text("Saved trails show here."))
/// ContentUnavailableView.search(text: query)
/// ```
///
/// The metrics are Starboard's reading of iOS 17's drawing, not Apple's numbers: the symbol at
/// 48 points, the title in `.title3` bold 16 points under it, the description in `.callout`
/// 8 points under the title (centred lines), the actions 16 points under that, one under
/// another 8 points apart, and 16 points kept clear on each side.
public struct ContentUnavailableView<Label: View, Description: View, Actions: View>: View {
    let label: Label
    let description: Description
    let actions: Actions
    /// Whether the description and the actions draw anything (an optional `Text` may be nil).
    let hasDescription: Bool
    let hasActions: Bool

    public init(@ViewBuilder label: () -> Label, @ViewBuilder description: () -> Description, @ViewBuilder actions: () -> Actions) {
        self.init(label: label(), description: description(), actions: actions(),
                  hasDescription: Description.self != EmptyView.self, hasActions: Actions.self != EmptyView.self)
    }

    init(label: Label, description: Description, actions: Actions, hasDescription: Bool, hasActions: Bool) {
        self.label = label
        self.description = description
        self.actions = actions
        self.hasDescription = hasDescription
        self.hasActions = hasActions
    }

    public var body: some View {
        VStack(spacing: 0) {
            label
                .labelStyle(_ContentUnavailableLabelStyle())
                .font(.title3.bold())
                .multilineTextAlignment(.center)
            if hasDescription {
                description
                    .font(.callout)
                    .foregroundStyle(.secondary)
                    .multilineTextAlignment(.center)
                    .padding(.top, 8)
            }
            if hasActions {
                VStack(spacing: 8) { actions }
                    .padding(.top, 16)
            }
        }
        .padding(.horizontal, 16)
        .frame(maxWidth: .infinity, maxHeight: .infinity)
    }
}

extension ContentUnavailableView where Actions == EmptyView {
    public init(@ViewBuilder label: () -> Label, @ViewBuilder description: () -> Description) {
        self.init(label: label(), description: description(), actions: EmptyView(),
                  hasDescription: Description.self != EmptyView.self, hasActions: false)
    }
}

extension ContentUnavailableView where Description == EmptyView, Actions == EmptyView {
    public init(@ViewBuilder label: () -> Label) {
        self.init(label: label(), description: EmptyView(), actions: EmptyView(), hasDescription: false, hasActions: false)
    }
}

extension ContentUnavailableView where Label == StarboardUI.Label<Text, Image>, Description == Text?, Actions == EmptyView {
    /// A title with a system symbol over it, and a description when given.
    public init(_ title: LocalizedStringKey, systemImage name: String, description: Text? = nil) {
        self.init(label: StarboardUI.Label(title: { Text(title) }, icon: { Image(systemName: name) }), description: description,
                  actions: EmptyView(), hasDescription: description != nil, hasActions: false)
    }

    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, systemImage name: String, description: Text? = nil) {
        self.init(label: StarboardUI.Label(title: { Text(title) }, icon: { Image(systemName: name) }), description: description,
                  actions: EmptyView(), hasDescription: description != nil, hasActions: false)
    }

    /// A title with an image of the package's resources over it.
    public init(_ title: LocalizedStringKey, image name: String, description: Text? = nil) {
        self.init(label: StarboardUI.Label(title: { Text(title) }, icon: { Image(name) }), description: description,
                  actions: EmptyView(), hasDescription: description != nil, hasActions: false)
    }
}

/// The parts of ``ContentUnavailableView/search``, as SwiftUI's `SearchUnavailableContent`.
public enum SearchUnavailableContent {
    /// "No Results", or "No Results for “text”", under a magnifying glass.
    public struct Label: View {
        let text: String?

        public var body: some View {
            StarboardUI.Label(title: {
                if let text { Text(verbatim: "No Results for \u{201C}\(text)\u{201D}") } else { Text(verbatim: "No Results") }
            }, icon: { Image(systemName: "magnifyingglass") })
        }
    }

    /// "Check the spelling or try a new search."
    public struct Description: View {
        public var body: some View {
            Text(verbatim: "Check the spelling or try a new search.")
        }
    }

    /// None.
    public struct Actions: View {
        public var body: some View {
            EmptyView()
        }
    }
}

extension ContentUnavailableView where Label == SearchUnavailableContent.Label, Description == SearchUnavailableContent.Description,
    Actions == SearchUnavailableContent.Actions {
    /// iOS's empty search: "No Results" and "Check the spelling or try a new search."
    public static var search: ContentUnavailableView<Label, Description, Actions> {
        ContentUnavailableView(label: Label(text: nil), description: Description(), actions: Actions(), hasDescription: true, hasActions: false)
    }

    /// iOS's empty search for `text`: "No Results for “text”".
    public static func search(text: String) -> ContentUnavailableView<Label, Description, Actions> {
        ContentUnavailableView(label: Label(text: text), description: Description(), actions: Actions(), hasDescription: true, hasActions: false)
    }
}

/// A content-unavailable label: the icon large and secondary over the title.
struct _ContentUnavailableLabelStyle: LabelStyle {
    func makeBody(configuration: Configuration) -> some View {
        VStack(spacing: 16) {
            configuration.icon
                .font(.system(size: 48))
                .foregroundStyle(.secondary)
            configuration.title
        }
    }
}
