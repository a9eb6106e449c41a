// Pages that update by themselves (a game, the lobby, a game waiting for players). When told of a change (a
// stream from the server), or every few seconds where no stream can be held, the page asks for its changing
// part with the version it has; the server answers 204 while nothing changed, else the new HTML, which is
// morphed into the page (idiomorph) rather than swapped in, so that the focused field, its caret and
// selection, typed text, open menus and tiles being placed all stay as they are.
// Plain JavaScript, no build step.
(function () {
  "use strict";
  // Translations come from the JavaScript catalog (/jsi18n/, loaded before this script); without it, English.
  var gettext = window.gettext || function (text) { return text; };
  var interpolate = window.interpolate || function (format, values) {
    return format.replace(/%\((\w+)\)s/g, function (all, name) { return String(values[name]); });
  };
  var box = document.querySelector("[data-live-url]");
  if (!box || !window.Idiomorph) return;
  var baseTitle = document.title;
  var icon = document.querySelector("link[rel=icon]");
  var baseIcon = icon ? icon.getAttribute("href") : "";

  // What the player is doing stays theirs: their typing, their open menus, the tiles they are placing.
  function keep(attribute, element) {
    if (attribute === "value" && /^(INPUT|TEXTAREA)$/.test(element.tagName) && element.type !== "hidden") return false;
    if (attribute === "open" && element.tagName === "DETAILS") return false;
    return true;
  }

  function turnShown() {
    var mine = box.querySelector("[data-my-turn='1']");
    document.title = mine ? interpolate(gettext("Your turn · %(title)s"), {title: baseTitle}, true) : baseTitle;
    if (icon) icon.setAttribute("href", mine && icon.dataset.turnIcon ? icon.dataset.turnIcon : baseIcon);
  }

  function newsNow() { var n = box.querySelector("[data-news]"); return n ? n.dataset.news : ""; }
  var lastNews = newsNow();  // already on the page when it loaded: not news
  function announce() {
    var news = newsNow(), region = document.getElementById("live-news");
    if (region && news && news !== lastNews) region.textContent = news;
    lastNews = news;
  }

  // Another script (the game page's move form) may hand in a whole answer to morph, e.g. a refused move.
  function morph(html) {
    Idiomorph.morph(box, html, {
      morphStyle: "innerHTML",
      ignoreActiveValue: true,
      callbacks: {
        beforeAttributeUpdated: keep,
        beforeNodeRemoved: function (node) { return !(node.classList && node.classList.contains("pending")); },
      },
    });
    var fresh = box.querySelector("[data-version]");
    if (fresh) box.dataset.version = fresh.dataset.version;
    turnShown();
    announce();
    box.dispatchEvent(new CustomEvent("live:updated", {bubbles: true}));
  }
  window.wordgamesLive = {morph: morph};

  // News: where the server offers a stream (Server-Sent Events), the page waits for "game N changed, version V"
  // and then asks for its changing part, once; it polls only while no stream is open (none offered, the
  // browser has no EventSource, the stream refused or lost). Either way the answer is the same view as before.
  var period = Number(box.dataset.livePeriod || 4000);
  var timer = null, streaming = false, busy = false, again = false, waiting = [];

  // One request at a time: news arriving meanwhile asks again once it is answered; ``then`` runs after that.
  function fetchNews(then) {
    if (then) waiting.push(then);
    if (busy) { again = true; return; }
    busy = true;
    again = false;
    var url = box.dataset.liveUrl + (box.dataset.liveUrl.indexOf("?") < 0 ? "?" : "&") +
      "since=" + encodeURIComponent(box.dataset.version || "");
    fetch(url, {credentials: "same-origin"}).then(function (r) {
      if (r.status !== 200) return;
      var tag = r.headers.get("X-Live-Version");
      return r.text().then(function (html) {
        morph(html);
        if (tag) box.dataset.version = tag;
      });
    }).catch(function () {}).then(function () {
      busy = false;
      if (again) { fetchNews(); return; }
      var done = waiting;
      waiting = [];
      done.forEach(function (callback) { callback(); });
    });
  }

  function poll() {
    timer = null;
    if (streaming) return;
    fetchNews(schedule);
  }
  function schedule() {
    if (streaming || timer) return;
    timer = setTimeout(poll, document.hidden ? 30000 : period);
  }

  // Many pages hear of the same change at once (the lobby): each asks within a random spread, not all at once.
  var soon = null;
  function fetchSoon() {
    if (soon) return;
    soon = setTimeout(function () { soon = null; fetchNews(); }, Math.random() * Number(box.dataset.streamSpread || 200));
  }

  function listen() {
    if (!box.dataset.streamUrl || !window.EventSource) return false;
    // A stream's first event is the version as it opens: what changed before (or while it was lost) shows.
    var source = new EventSource(box.dataset.streamUrl), opened = false;
    source.addEventListener("open", function () {
      streaming = opened = true;
      if (timer) { clearTimeout(timer); timer = null; }
    });
    source.addEventListener("changed", function (event) {
      var news = {};
      try { news = JSON.parse(event.data); } catch (e) { /* a change all the same */ }
      if (news.version !== undefined && String(news.version) === box.dataset.version) return;
      fetchSoon();
    });
    source.addEventListener("error", function () {
      // Lost (the browser reconnects by itself) or refused (closed for good): poll meanwhile, or from now on.
      streaming = false;
      if (source.readyState === EventSource.CLOSED && opened) fetchSoon();
      schedule();
    });
    return true;
  }

  turnShown();
  if (!listen()) schedule();
})();
