"""Navigation in the page, against the real server: a tap on a trail row pushes its detail with
a back button, a tap on back pops it, a tap on a tab selects that tab (issue 29).

The screens are the previews of Components/Screens/NavigationScreens.swift; rows carry
`data-tap="trail-N"`, the back button `data-tap="back"`, tab items `data-tap="tab-N"`.
"""

from __future__ import annotations

from urllib.parse import quote

from test_page import open_page, preview_svg, tap_preview, wait


def entry(name: str) -> str:
    return "?c=" + quote(name)


def test_a_row_pushes_its_detail_and_back_pops_it(browser, server, screenshot_dir):
    open_page(browser, server, entry("Trail List"))
    wait(browser, lambda d: 'data-tap="trail-2"' in preview_svg(d), message="the trail list did not render")
    assert 'data-tap="back"' not in preview_svg(browser)
    tap_preview(browser, "trail-2")
    wait(browser, lambda d: 'data-tap="back"' in preview_svg(d), message="the row did not push its detail")
    svg = preview_svg(browser)
    # The detail's inline title, the back button named after the list, and no rows of the list.
    assert ">Cedar Hollow<" in svg and ">Olympic Coast<" in svg
    assert 'aria-label="Trails"' in svg and 'data-tap="trail-1"' not in svg
    browser.save_screenshot(str(screenshot_dir / "navigation-pushed.png"))
    tap_preview(browser, "back")
    wait(browser, lambda d: 'data-tap="trail-1"' in preview_svg(d), message="back did not pop to the list")
    assert 'data-tap="back"' not in preview_svg(browser)


def test_a_tab_tap_switches_the_tab(browser, server, screenshot_dir):
    open_page(browser, server, entry("Trails App"))
    wait(browser, lambda d: 'data-tap="tab-2"' in preview_svg(d), message="the tab bar did not render")
    svg = preview_svg(browser)
    assert 'data-tap="trail-1"' in svg
    tap_preview(browser, "tab-2")

    def favorites_shown(d):
        shown = preview_svg(d)
        tab = shown.split('data-tap="tab-2"', 1)[1].split(">", 1)[0]
        return 'aria-selected="true"' in tab and 'data-tap="trail-1"' not in shown
    wait(browser, favorites_shown, message="the tab tap did not select Favorites")
    assert ">Lantern Falls<" in preview_svg(browser)
    browser.save_screenshot(str(screenshot_dir / "navigation-tab.png"))
