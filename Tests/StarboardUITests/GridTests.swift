import Testing
@testable import StarboardUI

/// `Grid` and `GridRow` as SwiftUI documents them: columns as wide as their widest cell, rows as
/// tall as their tallest, flexible cells taking what their column and row give them.
@Suite("Grid")
struct GridTests {
    @Test func columnsAreAsWideAsTheirWidestCellAndRowsAsTallAsTheirTallest() throws {
        let view = Grid(horizontalSpacing: 10, verticalSpacing: 5) {
            GridRow {
                box("a", 30, 10)
                box("b", 20, 40)
            }
            GridRow {
                box("c", 50, 20)
                box("d", 10, 10)
            }
        }
        // Columns 50 and 20, rows 40 and 20.
        #expect(try Renderer.render(view).size == Size(width: 50 + 10 + 20, height: 40 + 5 + 20))
        let f = try frames(view)
        // Centred in their cells by default.
        #expect(f["a"] == Rect(x: 10, y: 15, width: 30, height: 10))
        #expect(f["b"] == Rect(x: 60, y: 0, width: 20, height: 40))
        #expect(f["c"] == Rect(x: 0, y: 45, width: 50, height: 20))
        #expect(f["d"] == Rect(x: 65, y: 50, width: 10, height: 10))
    }

    @Test func aFlexibleCellTakesItsColumnsWidthAndItsRowsHeight() throws {
        let view = Grid {
            GridRow {
                box("a", 40, 20)
                Color.red.accessibilityIdentifier("fill")
            }
            GridRow {
                box("b", 60, 10)
                box("c", 30, 30)
            }
        }
        let f = try frames(view)
        // The second column is 30 wide (its widest sized cell), the first row 20 tall.
        #expect(f["fill"] == Rect(x: 68, y: 0, width: 30, height: 20))
        #expect(f["c"] == Rect(x: 68, y: 28, width: 30, height: 30))
    }

    @Test func offeredMoreWidthTheFlexibleColumnTakesWhatTheOthersLeave() throws {
        let view = Grid {
            GridRow {
                box("label", 40, 20)
                Color.red.accessibilityIdentifier("fill")
            }
        }
        .frame(width: 300, height: 20)
        #expect(try frames(view)["fill"] == Rect(x: 48, y: 0, width: 252, height: 20))
    }

    @Test func aViewOutsideARowSpansTheGridWithoutWideningIt() throws {
        let view = Grid {
            GridRow {
                box("a", 30, 10)
                box("b", 40, 10)
            }
            Rectangle().frame(height: 2).accessibilityIdentifier("rule")
            GridRow {
                box("c", 30, 10)
            }
        }
        let f = try frames(view)
        #expect(f["rule"] == Rect(x: 0, y: 18, width: 78, height: 2))
        #expect(f["c"] == Rect(x: 0, y: 28, width: 30, height: 10))
        #expect(try Renderer.render(view).size.width == 78)
    }

    @Test func aCellSpanningColumnsWidensThemEquallyWhenItIsWiderThanThey() throws {
        let view = Grid {
            GridRow {
                box("a", 30, 10)
                box("b", 30, 10)
            }
            GridRow {
                box("wide", 100, 10).gridCellColumns(2)
            }
        }
        let f = try frames(view)
        // 30 + 8 + 30 = 68 < 100: each column grows by 16, to 46.
        #expect(f["wide"] == Rect(x: 0, y: 18, width: 100, height: 10))
        #expect(f["a"] == Rect(x: 8, y: 0, width: 30, height: 10))
        #expect(f["b"] == Rect(x: 62, y: 0, width: 30, height: 10))
    }

    @Test func columnRowAndCellAlignmentsOverrideTheGrids() throws {
        let view = Grid(alignment: .bottomLeading) {
            GridRow(alignment: .top) {
                box("a", 10, 10).gridColumnAlignment(.trailing)
                box("b", 10, 10)
                box("tall", 10, 40)
            }
            GridRow {
                box("c", 50, 10)
                box("d", 30, 30)
                box("e", 10, 10).gridCellAnchor(.center)
            }
        }
        let f = try frames(view)
        // The first column is trailing for every row; the first row is top-aligned.
        #expect(f["a"] == Rect(x: 40, y: 0, width: 10, height: 10))
        #expect(f["c"] == Rect(x: 0, y: 68, width: 50, height: 10))
        // The grid's own alignment: leading, and bottom in the second row.
        #expect(f["b"] == Rect(x: 58, y: 0, width: 10, height: 10))
        // The anchor wins over the grid's alignment: centred in its 10×30 cell.
        #expect(f["e"] == Rect(x: 96, y: 58, width: 10, height: 10))
    }

    @Test func anUnsizedCellDoesNotTakeTheRowsShareOfTheHeight() throws {
        func view(unsized: Bool) -> some View {
            Grid {
                GridRow {
                    box("a", 30, 30)
                    Color.red.gridCellUnsizedAxes(unsized ? .vertical : []).accessibilityIdentifier("fill")
                }
                GridRow {
                    box("b", 30, 10)
                }
            }
            .frame(width: 100, height: 300)
        }
        // Sized, the colour takes what the other row leaves: 300 − 8 − 10.
        #expect(try frames(view(unsized: false))["fill"]?.height == 282)
        #expect(try frames(view(unsized: true))["fill"]?.height == 30)
    }

    @Test func aDividerBetweenRowsLiesAcrossTheGrid() throws {
        let view = Grid {
            GridRow {
                box("a", 30, 10)
                box("b", 40, 10)
            }
            Divider()
        }
        let rendering = try Renderer.render(view)
        // Two rows: the cells and a one-pixel rule under them, as wide as the grid.
        #expect(rendering.size.width == 78)
        #expect(rendering.size.height > 18 && rendering.size.height < 20)
    }
}
