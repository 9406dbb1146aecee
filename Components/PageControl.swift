import StarboardInspector
import StarboardUI

/// A row of page dots with the current page highlighted, as `UIPageControl` in the Landmarks page view.
///
/// The control is one tap target, as `UIPageControl` is: a tap right of the current page's dot
/// moves one page forward, a tap left of it one page back (leading and trailing swap right to
/// left). A tap from the keyboard lands at the centre of the control.
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

    static let environments: [RenderEnvironment] = [.dark, .textSize(.accessibility3), .rightToLeft]

    static let variants = [
        Variant<PageControl>("First page"),
        Variant("Last of three") { $0.numberOfPages = 3; $0.currentPage = 2 },
        Variant("Tinted") { $0.currentPage = 1; $0.currentPageTint = Color(red8: 0, green8: 122, blue8: 255) },
    ]

    var body: some View {
        HStack(spacing: 0) {
            ForEach(0..<numberOfPages, id: \.self) { page in
                Circle()
                    .fill(page == currentPage ? currentPageTint : pageTint)
                    .frame(width: dotSize, height: dotSize)
                    .frame(width: pageWidth, height: 26)
            }
        }
        .background(Capsule().fill(Color(red: 0, green: 0, blue: 0, opacity: 0.3)))
        // The dots are drawn 26 points tall; the control takes taps 44 points tall.
        .frame(minHeight: 44)
        .contentShape(Rectangle())
        .onTapGesture { [layoutDirection] location in
            step(towards: location.x, in: layoutDirection)
        }
        .accessibilityElement(children: .ignore)
        .accessibilityIdentifier("page-control")
        .accessibilityLabel("Page Control")
        .accessibilityValue("page \(currentPage + 1) of \(numberOfPages)")
    }

    /// How wide each page's dot cell is.
    var pageWidth: CGFloat { dotSize + dotSpacing }

    /// Moves one page toward `x`, measured from the control's left edge; a tap on the current
    /// dot itself stays.
    func step(towards x: CGFloat, in direction: LayoutDirection) {
        // Right to left, the first page is on the right.
        let fromLeading = direction == .rightToLeft ? CGFloat(numberOfPages) * pageWidth - x : x
        let currentCentre = (CGFloat(currentPage) + 0.5) * pageWidth
        if fromLeading > currentCentre + dotSize / 2, currentPage < numberOfPages - 1 {
            currentPage += 1
        } else if fromLeading < currentCentre - dotSize / 2, currentPage > 0 {
            currentPage -= 1
        }
    }

    @Environment(\.layoutDirection) private var layoutDirection
}
