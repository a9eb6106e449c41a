{% autoescape off %}// The site's service worker: notifications for pushes (a click opens the game), the page of the player's games
// kept for when the network is gone, and the app's badge (how many games wait for the player). Made by the server
// (games/webapp.py) with the addresses of this deployment; plain JavaScript.
"use strict";
var CONFIG = {{ config }};
var CACHE = "wordgames-offline-v1";
var FRESH_MS = 60 * 1000;  // the games page is asked for again at most once a minute
var lastAsked = 0;

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(CACHE).then(function (cache) { return cache.addAll(CONFIG.assets); })
    .then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (name) { return name !== CACHE; })
      .map(function (name) { return caches.delete(name); }));
  }).then(function () { return self.clients.claim(); }));
});

function setBadge(count) {
  var nav = self.navigator;
  if (!nav || !nav.setAppBadge) return Promise.resolve();
  return (count > 0 ? nav.setAppBadge(count) : nav.clearAppBadge()).catch(function () {});
}

// The player's games as the server shows them now, kept for later; resolves to how many wait for the player.
function refresh(force) {
  var now = Date.now();
  if (!force && now - lastAsked < FRESH_MS) {
    return caches.match(CONFIG.offline_url).then(function (kept) {
      return kept ? Number(kept.headers.get("X-Your-Turn") || 0) : refresh(true);
    });
  }
  lastAsked = now;
  return fetch(CONFIG.offline_url, {credentials: "same-origin", cache: "no-store"}).then(function (response) {
    if (!response.ok || response.redirected) return 0;
    var count = Number(response.headers.get("X-Your-Turn") || 0);
    return caches.open(CACHE).then(function (cache) { return cache.put(CONFIG.offline_url, response); })
      .then(function () { return setBadge(count); }).then(function () { return count; });
  }).catch(function () { return -1; });
}

self.addEventListener("message", function (event) {
  var data = event.data || {};
  var reply = event.ports && event.ports[0];
  var done;
  if (data.type === "forget") {
    lastAsked = 0;
    done = caches.open(CACHE).then(function (cache) { return cache.delete(CONFIG.offline_url); })
      .then(function () { return setBadge(0); }).then(function () { return 0; });
  } else {
    done = refresh(Boolean(data.force));
  }
  event.waitUntil(done.then(function (count) { if (reply) reply.postMessage({yourTurn: count}); }));
});

function escaped(text) {
  return String(text).replace(/[&<>"]/g, function (c) { return {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;"}[c]; });
}

// Pages come from the network; when it is gone, the games page kept last (or, never kept, a line saying so).
self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") return;
  if (request.mode === "navigate") {
    event.respondWith(fetch(request).catch(function () {
      return caches.match(CONFIG.offline_url).then(function (kept) {
        return kept || new Response("<!doctype html><meta charset=utf-8><title>" + escaped(CONFIG.site_name) +
                                    "</title><p>" + escaped(CONFIG.offline_text) + "</p>",
                                    {headers: {"Content-Type": "text/html; charset=utf-8"}});
      });
    }));
    return;
  }
  var path = new URL(request.url).pathname;
  if (CONFIG.assets.indexOf(path) >= 0) {
    event.respondWith(fetch(request).catch(function () { return caches.match(path); }));
  }
});

self.addEventListener("push", function (event) {
  var data = {};
  try { data = event.data ? event.data.json() : {}; } catch (e) { data = {body: event.data ? event.data.text() : ""}; }
  var shown = self.registration.showNotification(data.title || CONFIG.site_name, {
    body: data.body || "", tag: data.tag || "", icon: CONFIG.icon, badge: CONFIG.badge,
    data: {url: data.url || "/"}, renotify: Boolean(data.tag)
  });
  event.waitUntil(Promise.all([shown, refresh(true)]));
});

// A click opens the game: in a window of the site already open if there is one, else in a new one.
function openPage(url) {
  return self.clients.matchAll({type: "window", includeUncontrolled: true}).then(function (windows) {
    var same = windows.filter(function (w) { return w.url === url; })[0];
    if (same) return same.focus().catch(function () { return same; });
    var other = windows.filter(function (w) { return "navigate" in w; })[0];
    if (other) {
      return other.navigate(url).then(function (w) {
        return w && w.focus ? w.focus().catch(function () { return w; }) : w;
      }).catch(function () { return self.clients.openWindow(url); });
    }
    return self.clients.openWindow(url);
  });
}

self.addEventListener("notificationclick", function (event) {
  event.notification.close();
  var url = new URL((event.notification.data || {}).url || "/", self.location.origin).href;
  var opening = openPage(url);
  try { event.waitUntil(opening); } catch (e) { /* an event not sent by the browser itself (a test) */ }
});
{% endautoescape %}
