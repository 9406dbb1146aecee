import StarboardInspector
import StarboardUI

/// A row of page dots with the current page highlighted, as `UIPageControl` in the Landmarks page view.
///
/// Tapping a dot left or right of the current one moves one page that way, as a page control does;
/// each dot is a SwiftUI-style `Button`.
struct PageControl: Component {
    @Inspectable("Number of Pages", range: 1...20)
    var numberOfPages = 4

    @Inspectable("Current Page", range: 0...19, below: "numberOfPages", help: "Counted from 0.")
    var currentPage = 0

    @Inspectable("Dot Size", range: 2...30, step: 1)
    var dotSize = 7.0

    @Inspectable("Dot Spacing", range: 0...40, step: 1, help: "Space around each dot; 11 makes each page 18 points wide.")
    var dotSpacing = 11.0

    @Inspectable("Current Page Tint")
    var currentPageTint = Color.white

    @Inspectable("Page Tint")
    var pageTint = Color(red8: 255, green8: 255, blue8: 255, alpha8: 128)

    static let summary = "Page dots with the current page highlighted; tap beside it to move a page."

    static let variants = [
        Variant<PageControl>("First page"),
        Variant("Last of three") { $0.numberOfPages = 3; $0.currentPage = 2 },
        Variant("Tinted") { $0.currentPage = 1; $0.currentPageTint = Color(red8: 0, green8: 122, blue8: 255) },
    ]

    var body: some View {
        HStack(spacing: 0) {
            ForEach(0..<numberOfPages, id: \.self) { page in
                Button {
                    // A page control moves one page toward the dot tapped, as UIPageControl does.
                    if page > currentPage {
                        currentPage += 1
                    } else if page < currentPage {
                        currentPage -= 1
                    }
                } label: {
                    Circle()
                        .fill(page == currentPage ? currentPageTint : pageTint)
                        .frame(width: dotSize, height: dotSize)
                        .frame(width: dotSize + dotSpacing, height: 26)
                }
                .accessibilityIdentifier("page-\(page + 1)")
                .accessibilityLabel("Page \(page + 1)")
            }
        }
        .background(Capsule().fill(Color(red: 0, green: 0, blue: 0, opacity: 0.3)))
        .accessibilityElement(children: .contain)
        .accessibilityIdentifier("page-control")
        .accessibilityLabel("Page Control")
        .accessibilityValue("page \(currentPage + 1) of \(numberOfPages)")
    }
}
