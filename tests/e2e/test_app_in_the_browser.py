"""The site as an app in Chromium: its manifest, its service worker, the games page kept for when the network is
gone, the app's badge, and a push shown as a notification whose click opens the game."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest

from tests.e2e.conftest import wait_until
from tests.support.push_service import Device, b64, unb64
from wordgames.games import actions
from wordgames.push import keys
from wordgames.push.models import Subscription

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PASSWORD = "correct horse battery"

# Runs before any page script: records what the page asks the app's badge to show.
RECORD_BADGE = """
window.__badges = [];
Object.defineProperty(navigator, "setAppBadge", {configurable: true, value: function (n) {
  window.__badges.push(n); return Promise.resolve(); }});
Object.defineProperty(navigator, "clearAppBadge", {configurable: true, value: function () {
  window.__badges.push(0); return Promise.resolve(); }});
"""


def log_in(context: Any, live_server: Any, username: str) -> Any:
    page = context.new_page()
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", PASSWORD)
    page.click("button:has-text('Log in')")
    page.wait_for_url(f"{live_server.url}/")
    return page


def controlled(page: Any) -> None:
    """Wait until the service worker is active and controls the page (it claims the pages it finds open). Its
    install fetches the offline page's assets first: on a loaded machine (a CI run beside another) that took over
    15 s, so the wait allows a minute; it ends as soon as the worker is in control."""
    wait_until(page, "navigator.serviceWorker.controller !== null", timeout=60000)


def eventually(read: Any, page: Any, seconds: float = 30) -> Any:
    """What ``read()`` gives once it gives something (the worker shows a notification in its own time)."""
    deadline = time.monotonic() + seconds
    while not (value := read()) and time.monotonic() < deadline:
        page.wait_for_timeout(100)
    return value


def anns_turn(ann: Any, bob: Any) -> Any:
    game = actions.create_game(ann, "lingo", {"preset": "classic"}, ["bob"], seed=3)
    actions.join_game(game.pk, bob)
    return game


def test_the_manifest_is_linked_and_describes_an_installable_app(browser, live_server, ann):
    context = browser.new_context()
    page = log_in(context, live_server, "ann")
    href = page.locator("link[rel=manifest]").get_attribute("href")
    response = page.request.get(f"{live_server.url}{href}")
    assert response.headers["content-type"].startswith("application/manifest+json")
    manifest = json.loads(response.text())
    assert manifest["name"] and manifest["start_url"] == "/" and manifest["display"] == "standalone"
    sizes = {icon["sizes"]: icon for icon in manifest["icons"]}
    assert {"192x192", "512x512"} <= set(sizes)
    assert any(icon["purpose"] == "maskable" for icon in manifest["icons"])
    for icon in manifest["icons"]:  # each icon is a PNG of the size it claims
        image = page.request.get(f"{live_server.url}{icon['src']}")
        assert image.ok and image.headers["content-type"] == "image/png"
        body = image.body()
        assert body[:8] == b"\x89PNG\r\n\x1a\n"
        width, height = int.from_bytes(body[16:20], "big"), int.from_bytes(body[20:24], "big")
        assert f"{width}x{height}" == icon["sizes"]


def test_the_service_worker_registers_for_the_whole_site_under_the_policy(browser, live_server, ann):
    context = browser.new_context()
    page = log_in(context, live_server, "ann")
    controlled(page)
    scope = page.evaluate("navigator.serviceWorker.ready.then(r => r.scope)")
    assert scope == f"{live_server.url}/"
    response = page.request.get(f"{live_server.url}/sw.js")
    assert "script-src 'self'" in response.headers["content-security-policy"]


def test_offline_the_player_sees_their_games_as_last_seen_and_the_badge_says_it_is_their_turn(
    browser, live_server, ann, bob
):
    game = anns_turn(ann, bob)
    context = browser.new_context()
    context.add_init_script(RECORD_BADGE)
    page = log_in(context, live_server, "ann")
    controlled(page)
    page.reload()  # now under the worker, the page asks it for the games (and the badge)
    wait_until(page, "window.__badges.length > 0", timeout=30000)
    assert page.evaluate("window.__badges")[-1] == 1  # one game waits for ann

    context.set_offline(True)
    page.goto(f"{live_server.url}/games/{game.pk}/")  # the network is gone: the games as last seen
    assert page.locator("[data-offline-note]").is_visible()
    row = page.locator("[data-offline-games] tr.my-turn")
    assert row.count() == 1
    assert f"Lingo game {game.pk}" in row.inner_text()
    assert "Bob" in row.inner_text()
    context.set_offline(False)


SHOWN = "navigator.serviceWorker.ready.then(r => r.getNotifications()).then(ns => ns.map(n => [n.title, n.body]))"


def pushed(context: Any, page: Any, live_server: Any, game: Any) -> str:
    """The push service hands ann's browser "your turn in ``game``" (as DevTools' Push button does); returns the
    notification's body once the worker shows it."""
    cdp = context.new_cdp_session(page)
    registrations: list[dict[str, Any]] = []
    cdp.on("ServiceWorker.workerRegistrationUpdated", lambda event: registrations.extend(event["registrations"]))
    cdp.send("ServiceWorker.enable")
    eventually(lambda: registrations, page)
    [registration, *_] = reversed(
        [r for r in registrations if r["scopeURL"] == f"{live_server.url}/" and not r.get("isDeleted")]
    )
    body = f"Your turn in Lingo game {game.pk} against Bob"
    data = json.dumps(
        {"title": "Wordgames", "body": body, "url": f"/games/{game.pk}/", "tag": f"game-{game.pk}", "kind": "your_turn"}
    )
    cdp.send(
        "ServiceWorker.deliverPushMessage",
        {"origin": live_server.url, "registrationId": registration["registrationId"], "data": data},
    )
    assert eventually(lambda: page.evaluate(SHOWN), page) == [["Wordgames", body]]
    return body


def test_a_push_shows_a_notification_and_its_click_opens_the_game(browser, live_server, ann, bob):
    game = anns_turn(ann, bob)
    context = browser.new_context()
    context.grant_permissions(["notifications"], origin=live_server.url)
    page = log_in(context, live_server, "ann")
    controlled(page)
    pushed(context, page, live_server, game)

    # The player clicks the notification: the worker gets the click and opens the game in the site's window.
    [worker] = [w for w in context.service_workers if w.url.endswith("/sw.js")]
    worker.evaluate("""self.registration.getNotifications().then(ns => {
        self.dispatchEvent(new NotificationEvent("notificationclick", {notification: ns[0]})); })""")
    page.wait_for_url(f"{live_server.url}/games/{game.pk}/", timeout=15000)
    assert page.evaluate(SHOWN) == []  # the click closed it


# Chromium lets a worker open a window only during a click the browser itself sent (a test's click is refused
# "Not allowed to open a window"): the worker's openWindow is watched, and what it was asked to open is told.
CLICK_WATCHING_OPEN_WINDOW = """() => new Promise(function (told) {
  var real = self.clients.openWindow.bind(self.clients);
  var windows = self.clients.matchAll({type: "window", includeUncontrolled: true});
  self.clients.openWindow = function (url) {
    windows.then(function (ws) { told({opened: url, windowsOpen: ws.length}); });
    return real(url);
  };
  setTimeout(function () { told({opened: null}); }, 10000);
  self.registration.getNotifications().then(function (ns) {
    self.dispatchEvent(new NotificationEvent("notificationclick", {notification: ns[0]}));
  });
})"""


def test_a_notification_clicked_with_no_window_of_the_site_open_opens_the_game_in_a_new_one(
    browser, live_server, ann, bob
):
    game = anns_turn(ann, bob)
    context = browser.new_context()
    context.grant_permissions(["notifications"], origin=live_server.url)
    page = log_in(context, live_server, "ann")
    controlled(page)
    pushed(context, page, live_server, game)
    [worker] = [w for w in context.service_workers if w.url.endswith("/sw.js")]
    page.close()  # the player closed the site; the browser (and its worker) go on
    assert context.pages == []

    clicked = worker.evaluate(CLICK_WATCHING_OPEN_WINDOW)
    assert clicked == {"opened": f"{live_server.url}/games/{game.pk}/", "windowsOpen": 0}
    assert worker.evaluate("self.registration.getNotifications().then(ns => ns.length)") == 0  # the click closed it


# The browser's push service is out of reach in the tests: its subscribe() answers as a push service would, and
# records the key the page gave it.
FAKE_PUSH_SERVICE = """
window.__subscribedWith = null;
function fakeSubscription() {
  return {endpoint: "https://push.example.com/send/ann-laptop",
    unsubscribe: function () { localStorage.removeItem("fake-subscribed"); return Promise.resolve(true); },
    toJSON: function () { return {endpoint: this.endpoint, expirationTime: null,
                                  keys: {p256dh: "P256DH", auth: "AUTH"}}; }};
}
PushManager.prototype.getSubscription = function () {
  return Promise.resolve(localStorage.getItem("fake-subscribed") ? fakeSubscription() : null);
};
PushManager.prototype.subscribe = function (options) {
  window.__subscribedWith = Array.from(new Uint8Array(options.applicationServerKey));
  localStorage.setItem("fake-subscribed", "1");
  return Promise.resolve(fakeSubscription());
};
"""


def test_turning_notifications_on_and_off_for_this_device(browser, live_server, ann, settings):
    settings.VAPID_PRIVATE_KEY = keys.private_text(keys.generate())  # the operator's key
    context = browser.new_context()
    context.grant_permissions(["notifications"], origin=live_server.url)
    device = Device("ann-laptop")
    context.add_init_script(FAKE_PUSH_SERVICE.replace("P256DH", device.p256dh).replace("AUTH", b64(device.auth)))
    page = log_in(context, live_server, "ann")
    page.goto(f"{live_server.url}/accounts/notifications/")
    page.click("#push-on")
    page.wait_for_selector("#push-status:has-text('Notifications are on for this device.')")
    assert page.locator("#push-off").is_visible() and page.locator("#push-on").is_hidden()
    added = Subscription.objects.get(user=ann)
    assert (added.endpoint, added.p256dh) == ("https://push.example.com/send/ann-laptop", device.p256dh)
    server_key = keys.application_server_key()
    assert bytes(page.evaluate("window.__subscribedWith")) == unb64(server_key)  # the site's public key
    page.reload()
    assert "Chrome on Linux" in page.locator(".devices").inner_text()
    page.click("#push-off")
    page.wait_for_selector("#push-status:has-text('Notifications are off for this device.')")
    assert not Subscription.objects.filter(user=ann).exists()
