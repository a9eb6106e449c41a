// The game page: click a pool tile then a cell to build a move, preview its score, send it; live.js keeps the
// page up to date when another player moves. Plain JavaScript, no build step.
(function () {
  "use strict";
  // Translations come from the JavaScript catalog (/jsi18n/, loaded before this script); without it, English.
  var gettext = window.gettext || function (text) { return text; };
  var interpolate = window.interpolate || function (format, values) {
    return format.replace(/%\((\w+)\)s/g, function (all, name) { return String(values[name]); });
  };
  var live = document.getElementById("live");
  if (!live) return;
  var placed = []; // [{cell, letter, tile}]
  var selected = null;

  function csrf() {
    var input = live.querySelector("input[name=csrfmiddlewaretoken]");
    return input ? input.value : "";
  }
  function moveInput() { return live.querySelector("#id_move"); }

  function post(url, body) {
    return fetch(url, {
      method: "POST",
      headers: {"X-CSRFToken": csrf(), "Content-Type": "application/x-www-form-urlencoded"},
      body: new URLSearchParams(body),
      credentials: "same-origin",
    }).then(function (r) { return r.text(); });
  }

  function showPreview(html) {
    var box = live.querySelector(".preview-box");
    if (box) box.innerHTML = html;
  }

  // A hint is searched in the background: while the answer says "looking", ask again each second (GET only
  // reads; 204 means not yet), for at most a minute.
  function showHint(html) {
    showPreview(html);
    var box = live.querySelector(".preview-box");
    var pending = box && box.querySelector("[data-hint-poll]");
    if (!pending) return;
    var url = pending.dataset.hintPoll, tries = 0;
    var timer = setInterval(function () {
      tries += 1;
      fetch(url, {credentials: "same-origin"}).then(function (r) {
        if (r.status === 204) { if (tries >= 60) clearInterval(timer); return null; }
        clearInterval(timer);
        return r.text();
      }).then(function (text) { if (text !== null && text !== undefined) showPreview(text); });
    }, 1000);
  }

  // A move on its way: no preview is asked or shown any more (after the move it would be refused, "It is not
  // your turn", and flash before the page reloads).
  var previewTimer = null, sending = false;
  function preview() {
    var form = live.querySelector(".move-form");
    var input = moveInput();
    if (sending || !form || !form.dataset.previewUrl) return;
    if (!input || !input.value.trim()) { showPreview(""); return; }
    post(form.dataset.previewUrl, {move: input.value}).then(function (html) {
      if (!sending) showPreview(html);
    }).catch(function () {
      if (sending) return;
      showPreview("");
      var box = live.querySelector(".preview-box"), p = document.createElement("p");
      if (!box) return;
      p.className = "error";
      p.setAttribute("role", "alert");
      p.textContent = gettext("No preview: the server could not be reached. Check your connection.");
      box.appendChild(p);
    });
  }
  function previewSoon() { clearTimeout(previewTimer); previewTimer = setTimeout(preview, 250); }

  function writeMove() {
    var input = moveInput();
    if (!input) return;
    input.value = placed.map(function (p) { return p.cell + " " + p.letter; }).join(" ");
    previewSoon();
  }

  function markCell(cell, letter) {
    var group = live.querySelector('.board [data-cell="' + cell + '"]');
    if (!group) return;
    var old = group.querySelector(".pending");
    if (old) old.remove();
    group.classList.toggle("placing", !!letter);
    // A tile placed on a stack: the letter underneath stays readable, smaller, in the lower right corner.
    var under = group.querySelector("text.letter");
    if (under) under.classList.toggle("under", !!letter);
    if (!letter) return;
    var shape = group.querySelector("rect, polygon");
    var box = shape.getBBox();
    var text = document.createElementNS("http://www.w3.org/2000/svg", "text");
    var scale = under ? 0.42 : 0.5;
    text.setAttribute("class", "pending");
    text.setAttribute("x", box.x + box.width * (under ? 0.33 : 0.5));
    text.setAttribute("y", box.y + box.height * (under ? 0.48 : 0.67));
    text.setAttribute("font-size", Math.round(box.height * scale));
    text.textContent = letter;
    group.appendChild(text);
  }

  // Word games without tiles to place (Lingua Fences, Keebble): a tap on a square starts the word there,
  // across ("3C "); a second tap on the same square turns it down ("C3 "). The word is then typed.
  function startWordAt(cell) {
    var m = /^([a-z]+)(\d+)$/.exec(cell);
    if (!m) return;
    var input = moveInput();
    var across = m[2] + m[1].toUpperCase(), down = m[1].toUpperCase() + m[2];
    var first = (/^\s*(\S+)/.exec(input.value) || [])[1] || "";
    var rest = /^(\d+[A-Za-z]+|[A-Za-z]+\d+)$/.test(first) ? input.value.replace(/^\s*\S+\s*/, "") : input.value.trim();
    input.value = (first === across ? down : across) + " " + rest;
    live.querySelectorAll("[data-start-cells] .start-here").forEach(function (el) { el.classList.remove("start-here"); });
    var mark = live.querySelector('[data-start-cells] [data-cell="' + cell + '"]');
    if (mark) mark.classList.add("start-here");
    input.focus();
    input.setSelectionRange(input.value.length, input.value.length);
  }

  // Keebble's answer: a wall goes between two side-by-side cells, tapped one after the other.
  var firstSide = null;
  function wallSide(el) {
    var cell = el.dataset.cell;
    if (firstSide && firstSide.dataset.cell !== cell) {
      moveInput().value = "wall " + firstSide.dataset.cell + " " + cell;
      firstSide.classList.remove("start-here");
      firstSide = null;
      moveInput().focus();
      return;
    }
    if (firstSide) firstSide.classList.remove("start-here");
    firstSide = firstSide === el ? null : el;
    if (firstSide) firstSide.classList.add("start-here");
  }

  function clearPlacement() {
    placed.forEach(function (p) { markCell(p.cell, null); p.tile.disabled = false; p.tile.classList.remove("used"); });
    placed = [];
    if (selected) selected.classList.remove("selected");
    selected = null;
    writeMove();
  }

  live.addEventListener("click", function (event) {
    var tile = event.target.closest(".pool-tile");
    if (tile && !tile.disabled) {
      if (selected) selected.classList.remove("selected");
      selected = selected === tile ? null : tile;
      if (selected) selected.classList.add("selected");
      return;
    }
    var start = event.target.closest("[data-start-cells] [data-cell]");
    if (start && moveInput()) { startWordAt(start.dataset.cell); return; }
    var side = event.target.closest("[data-wall-cells] [data-cell]");
    if (side && moveInput()) { wallSide(side); return; }
    var cellGroup = event.target.closest(".board [data-cell]");
    if (cellGroup && moveInput()) {
      var cell = cellGroup.dataset.cell;
      var already = placed.findIndex(function (p) { return p.cell === cell; });
      if (already >= 0) { // click a placed tile again to take it back
        var back = placed.splice(already, 1)[0];
        back.tile.disabled = false; back.tile.classList.remove("used");
        markCell(cell, null);
        writeMove();
        return;
      }
      if (!selected) return;
      var letter = selected.dataset.letter;
      if (letter === "?") {
        // From the keyboard (board_keys.js) the letter typed is the one the blank stands for.
        var chosen = (live.dataset.blankAs || window.prompt(gettext("Which letter does the blank stand for?")) || "")
          .trim().toUpperCase();
        if (!/^[A-Z]$/.test(chosen)) return;
        letter = "?" + chosen;
      }
      placed.push({cell: cell, letter: letter, tile: selected});
      markCell(cell, letter.replace("?", ""));
      selected.classList.remove("selected"); selected.classList.add("used"); selected.disabled = true;
      selected = null;
      writeMove();
      return;
    }
    var action = event.target.closest("[data-action]");
    if (!action) return;
    if (action.dataset.action === "preview") preview();
    if (action.dataset.action === "clear") clearPlacement();
    if (action.dataset.action === "hint") post(action.dataset.url, {}).then(showHint);
  });

  live.addEventListener("input", function (event) {
    if (event.target.id === "id_move") previewSoon();
  });

  live.addEventListener("submit", function (event) {
    if (event.target.classList.contains("move-form")) { sending = true; clearTimeout(previewTimer); }
    var button = event.target.querySelector("button[type=submit], button:not([type])");
    if (button) { setTimeout(function () { button.disabled = true; }, 0); }
  });

  // Every cell a finger can hit: at least 24 CSS pixels (WCAG 2.2 target size), measured, with a margin. A
  // board too big for the screen grows wider than it and pans in its box (pinch zoom works as everywhere).
  var TARGET = 26;
  function fitTargets() {
    // Only the boards played on: the other players' small Lingua Fences sheets are pictures, never targets.
    live.querySelectorAll("svg.board, svg.kb-board, svg.lf-sheet.large").forEach(function (svg) {
      var cell = svg.querySelector("[data-cell] rect, [data-cell] polygon, rect[data-cell], polygon[data-cell]");
      if (!cell) return;
      svg.style.minWidth = "";
      var r = cell.getBoundingClientRect(), size = Math.min(r.width, r.height);
      if (!size || size >= TARGET) return;
      svg.style.minWidth = Math.ceil(svg.getBoundingClientRect().width * TARGET / size) + "px";
      svg.classList.add("panned");
    });
  }
  fitTargets();
  window.addEventListener("resize", function () { clearTimeout(fitTargets.timer); fitTargets.timer = setTimeout(fitTargets, 200); });

  // The page updated by itself (live.js morphs it): the tiles being placed are drawn again on the new board.
  live.addEventListener("live:updated", function () {
    fitTargets();
    var tiles = Array.prototype.slice.call(live.querySelectorAll(".pool-tile"));
    placed = placed.filter(function (p) {
      if (!live.contains(p.tile)) {  // the pool changed: take the same letter from the new one
        p.tile = tiles.filter(function (t) { return t.dataset.letter === p.letter.charAt(0) && !t.disabled; })[0];
      }
      if (!p.tile) { markCell(p.cell, null); return false; }
      p.tile.disabled = true; p.tile.classList.add("used");
      markCell(p.cell, p.letter.replace("?", ""));
      return true;
    });
  });

  // A refused move comes back with its reason: shown in place, the placed tiles and typed text kept, and the
  // address stays the game's own (a reload asks nothing). A move played loads the game page afresh.
  live.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.classList.contains("move-form") || !window.wordgamesLive) return;
    event.preventDefault();
    // The answer to a move played is a redirect, not followed here: the page's own GET then shows its message.
    fetch(form.action, {method: "POST", body: new URLSearchParams(new FormData(form)), credentials: "same-origin",
                        headers: {"X-CSRFToken": csrf()}, redirect: "manual"})
      .then(function (r) {
        if (r.type === "opaqueredirect" || r.ok) { window.location.assign(window.location.pathname); return; }
        return r.text().then(function (html) {
          var page = new DOMParser().parseFromString(html, "text/html").getElementById("live");
          if (!page) { window.location.reload(); return; }
          window.wordgamesLive.morph(page.innerHTML);
          sending = false;
          var button = form.querySelector("button[type=submit]");
          if (button) button.disabled = false;
          var alert = live.querySelector(".move-form .error");
          if (alert) alert.scrollIntoView({block: "nearest"});
        });
      })
      .catch(function () { form.submit(); });
  });

  // A move typed or refused before (the box already holds "b3 I c5 D"): its tiles shown on the board again.
  (function redrawTyped() {
    var input = moveInput();
    if (!input || !input.value.trim() || !live.querySelector(".pool-tile")) return;
    var parts = input.value.trim().split(/\s+/);
    if (parts.length % 2) return;
    var tiles = Array.prototype.slice.call(live.querySelectorAll(".pool-tile"));
    for (var k = 0; k < parts.length; k += 2) {
      var cell = parts[k].toLowerCase(), letter = parts[k + 1].toUpperCase();
      if (!/^[a-z]+\d+$/.test(cell) || !/^\??[A-Z]$/.test(letter)) continue;
      var want = letter.charAt(0) === "?" ? "?" : letter;
      var tile = tiles.filter(function (t) { return t.dataset.letter === want && !t.disabled; })[0];
      if (!tile || !live.querySelector('.board [data-cell="' + cell + '"]')) continue;
      tile.disabled = true; tile.classList.add("used");
      placed.push({cell: cell, letter: letter, tile: tile});
      markCell(cell, letter.replace("?", ""));
    }
  })();
})();
