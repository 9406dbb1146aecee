"""The page opened from the URL a server listening beyond loopback prints (issue 11, item 9):
it connects with the token, keeps the token in its URL as it rewrites it, and reconnects with
it after the connection drops."""

from __future__ import annotations

from urllib.parse import parse_qs, urlparse

from selenium.webdriver.common.by import By

from test_page import choose, preview_svg, star_count, status, type_into, wait

CHOSEN = "studio-tablet-token-0001"


def token_in(url: str) -> str | None:
    return parse_qs(urlparse(url).query).get("token", [None])[0]


def test_the_printed_url_opens_a_live_page_that_keeps_its_token(browser, make_server):
    # A token of one's own, so the restart below keeps it (a random one is new at each start).
    server = make_server(extra_args=["--host", "0.0.0.0"], env={"STARBOARD_TOKEN": CHOSEN})
    assert token_in(server.printed_url) == CHOSEN
    # Opened as a browser on this machine would: the printed URL with the host made 127.0.0.1.
    browser.get(server.printed_url.replace(urlparse(server.printed_url).netloc, f"127.0.0.1:{server.port}"))
    wait(browser, lambda d: status(d) == "connected", message="the page did not connect with the token")
    wait(browser, lambda d: preview_svg(d), message="no preview rendered")

    choose(browser, "RatingControl")
    type_into(browser, "starCount", "7")
    wait(browser, lambda d: star_count(d) == 7)
    wait(browser, lambda d: "starCount=7" in d.current_url)
    assert token_in(browser.current_url) == CHOSEN, browser.current_url

    server.stop()
    wait(browser, lambda d: status(d) in ("reconnecting", "offline"), message="the page did not notice the server left")
    server.restart()
    wait(browser, lambda d: status(d) == "connected", timeout=20, message="the page did not reconnect with the token")
    type_into(browser, "starCount", "4")
    wait(browser, lambda d: star_count(d) == 4, message="not live after reconnecting")
    # The link follows a render after its paint: reload once it carries the new value.
    wait(browser, lambda d: "starCount=4" in d.current_url)

    # A reload asks the server for the page again, which needs the token the URL kept.
    browser.refresh()
    wait(browser, lambda d: status(d) == "connected", message="the page did not connect after a reload")
    wait(browser, lambda d: star_count(d) == 4)


def test_the_page_without_the_token_says_where_to_find_it(browser, make_server):
    server = make_server(extra_args=["--host", "0.0.0.0"])
    browser.get(f"http://127.0.0.1:{server.port}/?c=RatingControl")
    text = browser.find_element(By.TAG_NAME, "body").text
    assert "needs its access token" in text and "printed" in text, text
    assert server.token not in text


def test_a_stale_token_after_a_restart_is_said_on_the_page(browser, make_server):
    server = make_server(extra_args=["--host", "0.0.0.0"])
    first = server.token
    browser.get(f"http://127.0.0.1:{server.port}/?c=RatingControl&token={first}")
    wait(browser, lambda d: status(d) == "connected", message="the page did not connect with the token")
    server.restart()
    assert server.token != first
    wait(browser, lambda d: "does not accept this page’s access token" in banner(d), timeout=20,
         message="the page did not say its token is stale")
    assert "open the URL it printed" in banner(browser)
    assert status(browser) != "connected"


def banner(driver) -> str:
    node = driver.find_element(By.ID, "connection-banner")
    return node.text if node.is_displayed() else ""
