"""Select in the preview, breadcrumb, outline and measure (issue 17), on ProfileSummary.

The view tree comes with the SVG (`<metadata data-views data-types>`, Sources/StarboardUI/ViewOutline.swift);
this test reads it on its own (a small parser here, not the page's) to know where to click and
what the page must say. In select mode (S, or the Select button) a click selects the view under
it and never taps; the breadcrumb lists the view types from the root; hovering another view
draws its frame with its size and the distances to the selected one.
"""

from __future__ import annotations

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By

from test_page import open_page, preview_svg, tap_preview, wait


def outline(driver) -> list[dict]:
    table, text = driver.execute_script(
        "const m = document.querySelector('#preview svg metadata[data-views]');"
        "return m ? [m.getAttribute('data-types'), m.getAttribute('data-views')] : [null, null]")
    assert table is not None, "the render carries no view outline"
    names = table.split("/")
    views = []
    for raw in text.split(";"):
        fields = raw.split(" ")
        back = int(fields[0])
        parent = len(views) - back if back else -1
        if len(fields) == 6:
            x, y, w, h = (float(v) for v in fields[1:5])
            ox, oy = views[parent]["frame"][:2] if parent >= 0 else (0.0, 0.0)
            frame = [round(ox + x, 1), round(oy + y, 1), w, h]  # x and y are from the parent's origin
        else:
            frame = views[parent]["frame"]
        views.append({"parent": parent, "frame": frame, "types": [names[int(i)] for i in fields[-1].split(".")]})
    return views


def click_at(driver, x: float, y: float, hover_only: bool = False):
    """Moves to (x, y) in the preview's points and clicks (or only hovers)."""
    svg = driver.find_element(By.CSS_SELECTOR, "#preview svg")
    box = driver.execute_script("const r = arguments[0].getBoundingClientRect(); return [r.width, r.height]", svg)
    width, height = (float(v) for v in driver.execute_script(
        "return [arguments[0].getAttribute('width'), arguments[0].getAttribute('height')]", svg))
    scale_x, scale_y = box[0] / width, box[1] / height
    # Selenium offsets are from the element's centre.
    actions = ActionChains(driver).move_to_element_with_offset(svg, x * scale_x - box[0] / 2, y * scale_y - box[1] / 2)
    if not hover_only:
        actions = actions.click()
    actions.perform()


def crumbs(driver) -> list[str]:
    return [b.text for b in driver.find_elements(By.CSS_SELECTOR, "#breadcrumb button[data-view]")]


def test_select_breadcrumb_and_measure_on_profile_summary(browser, server, screenshot_dir):
    open_page(browser, server, "?c=ProfileSummary")
    assert not browser.find_element(By.ID, "selection").is_displayed()
    browser.find_element(By.TAG_NAME, "body").send_keys("s")
    wait(browser, lambda d: d.find_element(By.CSS_SELECTOR, '#canvas-mode [data-mode="select"]').get_attribute("aria-pressed") == "true",
         message="S did not switch to select mode")
    assert browser.find_element(By.ID, "selection").is_displayed()

    views = outline(browser)
    badges = [i for i, v in enumerate(views) if "HikeBadge" in v["types"]]
    assert len(badges) == 3, [v["types"] for v in views]
    # Click the middle of the second badge's drawing, away from its caption.
    x, y, w, h = views[badges[1]]["frame"]
    click_at(browser, x + w / 2, y + h / 4)
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#overlay [data-selected]"), message="nothing selected")
    path = crumbs(browser)
    assert path[0] == "ProfileSummary", path
    assert "HikeBadge" in path and "Badge" in path, path
    current = browser.find_element(By.CSS_SELECTOR, '#breadcrumb button[aria-current="true"]')
    assert current.text == path[-1]
    # The selected view is the deepest under the click: its frame is the one outlined.
    selected = int(browser.find_element(By.CSS_SELECTOR, "#overlay [data-selected]").get_attribute("data-selected"))
    assert views[selected]["frame"][0] <= x + w / 2 <= views[selected]["frame"][0] + views[selected]["frame"][2]
    chain = []
    at = selected
    while at >= 0:
        chain.append(at)
        at = views[at]["parent"]
    assert badges[1] in chain
    frame_text = browser.find_element(By.CSS_SELECTOR, '#selection-details dd[data-fact="frame"]').text
    fx, fy, fw, fh = views[selected]["frame"]
    assert frame_text.startswith(f"{fw:g} × {fh:g} pt".replace(".0 ", " ")) or f"{fw:.1f}" in frame_text, frame_text

    # The crumb of the HikeBadge selects that ancestor; its accessibility element is named.
    browser.find_element(By.XPATH, "//ol[@id='breadcrumb']//button[span='HikeBadge']").click()
    wait(browser, lambda d: d.find_element(By.CSS_SELECTOR, '#breadcrumb button[aria-current="true"]').text == "HikeBadge")
    assert int(browser.find_element(By.CSS_SELECTOR, "#overlay [data-selected]").get_attribute("data-selected")) == badges[1]
    details = browser.find_element(By.ID, "selection-details").text
    bx, by, bw, bh = views[badges[1]]["frame"]
    assert f"{bw:g} × {bh:g} pt at {bx:g}, {by:g}" in details, details

    # Hover the third badge: its frame, its size, and the gap to the selected one in points.
    tx, ty, tw, th = views[badges[2]]["frame"]
    click_at(browser, tx + tw / 2, ty + 2, hover_only=True)
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#overlay [data-hovered]"), message="hovering drew nothing")
    hovered = views[int(browser.find_element(By.CSS_SELECTOR, "#overlay [data-hovered]").get_attribute("data-hovered"))]
    hx, hy, hw, hh = hovered["frame"]
    size_label = browser.find_element(By.CSS_SELECTOR, "#overlay .size-label").text
    assert size_label == f"{round(hw, 1):g} × {round(hh, 1):g}", size_label
    lengths = [float(l.get_attribute("data-length")) for l in browser.find_elements(By.CSS_SELECTOR, "#overlay .measure-line")]
    if hx >= bx + bw:
        assert round(hx - (bx + bw), 1) in lengths, (lengths, hovered, views[badges[1]])
    labels = [t.text for t in browser.find_elements(By.CSS_SELECTOR, "#overlay .measure-label")]
    assert len(labels) == len(lengths) >= 1
    browser.save_screenshot(str(screenshot_dir / "select-profile-summary.png"))

    # Frames outline every view, not only the accessibility elements.
    browser.find_element(By.ID, "outlines").click()
    wait(browser, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#overlay .view-frame")) == len(views))
    browser.save_screenshot(str(screenshot_dir / "select-frames.png"))
    browser.find_element(By.ID, "outlines").click()


def test_select_mode_never_taps(browser, server):
    open_page(browser, server, "?c=RatingControl")
    browser.execute_script("""
        window.__frames = [];
        const send = WebSocket.prototype.send;
        WebSocket.prototype.send = function (data) { window.__frames.push(String(data)); return send.call(this, data); };
    """)
    sent_taps = lambda d: [f for f in d.execute_script("return window.__frames") if '"type":"tap"' in f.replace(" ", "")]
    browser.find_element(By.CSS_SELECTOR, '#canvas-mode [data-mode="select"]').click()
    before = preview_svg(browser)
    star = browser.find_element(By.CSS_SELECTOR, '#preview [data-tap="star-3"]')
    star.click()
    wait(browser, lambda d: crumbs(d) and crumbs(d)[0] == "RatingControl", message="clicking a star did not select it")
    assert "StarButton" in crumbs(browser)
    details = browser.find_element(By.ID, "selection-details").text
    assert "Set 3 star rating" in details and "star-3" in details
    # The click was handled (the selection shows it) and sent no tap: the rating is what it was.
    assert sent_taps(browser) == []
    assert preview_svg(browser) == before
    # Back in interact mode (S), the same click taps.
    browser.find_element(By.TAG_NAME, "body").send_keys("s")
    wait(browser, lambda d: not d.find_element(By.ID, "selection").is_displayed())
    tap_preview(browser, "star-3")
    wait(browser, lambda d: preview_svg(d) != before, message="a click in interact mode did not tap")
    assert len(sent_taps(browser)) == 1, "the recorder sees taps: the one of interact mode"
    browser.find_element(By.ID, "reset-all").click()


def affected_by(driver) -> tuple[list[str], list[str]]:
    """The "Affected by" fact: what the view (and the views inside it) read, and what only the
    views containing it read, as the page lists them: "A, B (its containers read C, D)"."""
    fact = '#selection-details dd[data-fact="affected by"]'
    wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, fact).text not in ("", "…"),
         message="which properties affect the view was not filled in")
    text = driver.find_element(By.CSS_SELECTOR, fact).text
    own, _, around = text.partition(" (its containers read ")
    return ([] if own.startswith("none") else own.split(", ")), (around.rstrip(")").split(", ") if around else [])


def test_selection_lists_the_properties_the_view_read(browser, make_server, screenshot_dir):
    """The worker notes which inspectable properties each view read while it was built and
    sends them with the render: the page lists them without asking for any preview."""
    server = make_server()
    open_page(browser, server, "?c=RatingControl")
    # Every message the page sends from here on, to show it asks for no previews.
    browser.execute_script(
        "window.sentMessages = []; const send = WebSocket.prototype.send;"
        "WebSocket.prototype.send = function (data) { window.sentMessages.push(String(data)); return send.call(this, data); };")
    browser.find_element(By.CSS_SELECTOR, '#canvas-mode [data-mode="select"]').click()
    # The first star: each star's closure reads the rating and the star size; the stack around it
    # read the spacing and the star count, which move it or decide whether it is there.
    tap_preview(browser, "star-1")
    wait(browser, lambda d: "StarButton" in crumbs(d))
    first, around = affected_by(browser)
    assert "Star Size" in first and "Rating" in first, first
    assert "Spacing" not in first and "Star Count" not in first, first
    assert "Spacing" in around and "Star Count" in around, around
    browser.save_screenshot(str(screenshot_dir / "select-affected-by.png"))
    tap_preview(browser, "star-3")
    wait(browser, lambda d: "Set 3 star rating" in d.find_element(By.ID, "selection-details").text)
    third, around = affected_by(browser)
    assert "Star Size" in third and "Rating" in third and "Spacing" in around, (third, around)
    # The root (the first crumb) read the spacing and count itself, and holds the stars.
    browser.find_element(By.CSS_SELECTOR, '#breadcrumb button[data-view="0"]').click()
    wait(browser, lambda d: d.find_element(By.CSS_SELECTOR, '#breadcrumb [aria-current="true"]').get_attribute("data-view") == "0")
    root, around = affected_by(browser)
    assert set(root) == {"Star Count", "Star Size", "Spacing", "Rating"} and around == [], (root, around)
    sent = browser.execute_script("return window.sentMessages")
    assert not [m for m in sent if '"type":"preview"' in m], sent


def test_select_measure_and_frames_follow_hike_badges_transforms(browser, server, screenshot_dir):
    """Issue 26, item 4: HikeBadge draws a 300-point badge scaled into 100 points, rotated
    symbols inside it, and a caption under it. What select, hover and Frames outline is what is
    drawn: the caption's own box, every frame inside the component, a click on the badge a view
    of the badge."""
    open_page(browser, server, "?c=HikeBadge")
    browser.find_element(By.CSS_SELECTOR, '#canvas-mode [data-mode="select"]').click()
    views = outline(browser)
    width, height = (float(v) for v in browser.execute_script(
        "const s = document.querySelector('#preview svg'); return [s.getAttribute('width'), s.getAttribute('height')]"))
    for view in views:
        x, y, w, h = view["frame"]
        if ".rotationEffect" in view["types"]:
            continue  # a turned square's box is wider than the square, as drawn
        assert x >= -0.1 and y >= -0.1 and x + w <= width + 0.1 and y + h <= height + 0.1, (view, width, height)
    caption = next(v for v in views if "Text" in v["types"])
    cx, cy, cw, ch = caption["frame"]
    click_at(browser, cx + cw / 2, cy + ch / 2, hover_only=True)
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#overlay [data-hovered]"), message="hovering the caption drew nothing")
    hovered = views[int(browser.find_element(By.CSS_SELECTOR, "#overlay [data-hovered]").get_attribute("data-hovered"))]
    assert hovered["frame"] == caption["frame"], (hovered, caption)
    assert browser.find_element(By.CSS_SELECTOR, "#overlay .size-label").text == f"{cw:g} × {ch:g}"
    # A click in the badge selects a view inside the badge's 100 points.
    click_at(browser, 50, 30)
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#overlay [data-selected]"), message="nothing selected")
    selected = views[int(browser.find_element(By.CSS_SELECTOR, "#overlay [data-selected]").get_attribute("data-selected"))]
    sx, sy, sw, sh = selected["frame"]
    assert sx <= 50 <= sx + sw and sy <= 30 <= sy + sh and sw <= 100.1 and sh <= 100.1, selected
    # Frames outlines every view, each where it is drawn.
    browser.find_element(By.ID, "outlines").click()
    wait(browser, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#overlay .view-frame")) == len(views))
    browser.save_screenshot(str(screenshot_dir / "select-hike-badge-frames.png"))
    browser.find_element(By.ID, "outlines").click()


def test_selecting_from_the_keyboard(browser, server, screenshot_dir):
    """Issue 26, item 4: select was mouse-only. With the stage focused in select mode, the arrow
    keys move through the view tree (drawn as a focus ring), Enter selects, Escape clears."""
    from selenium.webdriver.common.keys import Keys

    open_page(browser, server, "?c=HikeBadge")
    browser.find_element(By.CSS_SELECTOR, '#canvas-mode [data-mode="select"]').click()
    views = outline(browser)
    stage = browser.find_element(By.ID, "stage")
    browser.execute_script("arguments[0].focus()", stage)
    assert browser.execute_script("return document.activeElement.id") == "stage"

    def place():
        found = browser.find_elements(By.CSS_SELECTOR, "#overlay .view-focus[data-hovered]")
        return int(found[0].get_attribute("data-hovered")) if found else None

    stage.send_keys(Keys.ARROW_DOWN)
    wait(browser, lambda d: place() == 0, message="ArrowDown did not start at the root")
    stage.send_keys(Keys.ARROW_DOWN)
    wait(browser, lambda d: place() is not None and views[place()]["parent"] == 0, message="ArrowDown did not go into the root")
    first_child = place()
    siblings = [i for i, v in enumerate(views) if v["parent"] == 0]
    assert first_child == siblings[0]
    stage.send_keys(Keys.ARROW_RIGHT)
    wait(browser, lambda d: place() == siblings[1], message="ArrowRight did not move to the next sibling")
    stage.send_keys(Keys.ARROW_LEFT)
    wait(browser, lambda d: place() == first_child)
    stage.send_keys(Keys.ARROW_DOWN)
    wait(browser, lambda d: place() is not None and views[place()]["parent"] == first_child)
    target = place()
    browser.save_screenshot(str(screenshot_dir / "select-keyboard.png"))
    stage.send_keys(Keys.ENTER)
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, f'#overlay [data-selected="{target}"]'), message="Enter did not select")
    assert crumbs(browser)[0] == "HikeBadge"
    stage.send_keys(Keys.ARROW_UP)
    wait(browser, lambda d: place() == first_child, message="ArrowUp did not go to the parent")
    stage.send_keys(Keys.ESCAPE)
    wait(browser, lambda d: not d.find_elements(By.CSS_SELECTOR, "#overlay [data-selected]"), message="Escape did not clear")
    assert place() is None
