// Boards from the keyboard (Lingo's square and hex boards, Keebble, Lingua Fences' sheet): each board is an
// ARIA grid whose cells say what they hold; one cell at a time is in the Tab order and the arrows move it.
// A letter places a tile (Lingo) or writes the word from that cell (Lingua Fences, Keebble), Enter plays,
// Backspace takes back the last letter, Escape everything; Space starts the word at a cell (again: down) or
// picks a side of a Keebble wall. Each key does what a click does (game.js), so both ways stay one.
// Lexicon Crossing's crossword has its own keys in lexicon_crossing.js. Plain JavaScript, no build step.
(function () {
  "use strict";
  var gettext = window.gettext || function (text) { return text; };
  var interpolate = window.interpolate || function (format, values) {
    return format.replace(/%\((\w+)\)s/g, function (all, name) { return String(values[name]); });
  };
  var live = document.getElementById("live") || document.querySelector("[data-board-keys]");  // a game, a replay
  if (!live) return;
  var current = null;      // the name of the cell in the Tab order ("c3")
  var step = "ArrowRight"; // where the next letter goes: along the last arrow pressed

  function board() { return live.querySelector("svg[role=grid]"); }
  function cellNamed(name) { var b = board(); return b && b.querySelector('[role=gridcell][data-cell="' + name + '"]'); }
  function moveInput() { return live.querySelector(".move-form #id_move"); }
  function hex() { var b = board(); return !!(b && b.classList.contains("hex")); }

  function columnIndex(letters) {
    var index = 0;
    for (var k = 0; k < letters.length; k++) index = index * 26 + (letters.charCodeAt(k) - 96);
    return index - 1;
  }
  function columnName(index) {
    var name = "";
    for (index += 1; index > 0; index = Math.floor((index - 1) / 26)) name = String.fromCharCode(97 + (index - 1) % 26) + name;
    return name;
  }
  function parse(name) { var m = /^([a-z]+)(\d+)$/.exec(name); return m && {col: columnIndex(m[1]), row: Number(m[2])}; }

  // The neighbour an arrow leads to. Hex boards are flat-topped hexes in doubled coordinates: up and down keep
  // the column (two doubled rows), left and right zigzag to the next column so the row is kept on average.
  function neighbour(name, key) {
    var p = parse(name);
    if (!p) return null;
    var dc = {ArrowLeft: -1, ArrowRight: 1}[key] || 0, dr = {ArrowUp: -1, ArrowDown: 1}[key] || 0;
    if (hex()) {
      if (dr) dr *= 2;
      else if (dc) dr = (p.col % 2 === 0) === (dc > 0) ? 1 : -1;
    }
    if (p.col + dc < 0) return null;
    return cellNamed(columnName(p.col + dc) + (p.row + dr));
  }
  function back(key) { return {ArrowRight: "ArrowLeft", ArrowLeft: "ArrowRight", ArrowDown: "ArrowUp", ArrowUp: "ArrowDown"}[key]; }

  // The roving Tab stop: the cell the player was on, else the newest tile, else the first tile, else the first cell.
  function rove(focus) {
    var b = board();
    if (!b) return;
    var cell = current && cellNamed(current) || b.querySelector("[role=gridcell].last") ||
      b.querySelector("[role=gridcell].tile") || b.querySelector("[role=gridcell]");
    b.querySelectorAll("[role=gridcell][tabindex='0']").forEach(function (c) { if (c !== cell) c.setAttribute("tabindex", "-1"); });
    if (!cell) return;
    cell.setAttribute("tabindex", "0");
    current = cell.dataset.cell;
    b.setAttribute("aria-readonly", moveInput() ? "false" : "true");
    if (focus) cell.focus();
  }

  // What a cell says once a tile is being placed on it (game.js draws the letter, this names it).
  function relabel() {
    var b = board();
    if (!b) return;
    b.querySelectorAll("[role=gridcell]").forEach(function (cell) {
      if (!cell.dataset.label || cell.dataset.labelFrom !== cell.getAttribute("aria-label")) {
        cell.dataset.label = cell.getAttribute("aria-label");
      }
      var pending = cell.classList.contains("placing") && cell.querySelector(".pending");
      var label = pending ? cell.dataset.label + ", " + interpolate(gettext("placing %(letter)s"), {letter: pending.textContent}, true)
                          : cell.dataset.label;
      cell.setAttribute("aria-label", label);
      cell.dataset.labelFrom = label;
    });
  }

  function say(text) {
    var region = document.getElementById("board-news");
    if (region) region.textContent = text;
  }

  function click(element) { element.dispatchEvent(new MouseEvent("click", {bubbles: true})); }
  function play() {
    var input = moveInput(), form = input && input.form;
    if (!form || !input.value.trim()) return false;
    if (form.requestSubmit) form.requestSubmit(); else form.submit();
    return true;
  }

  // Lingo: the letter comes from the pool (or a blank stands for it) and goes on the cell; then on to the next.
  function placeTile(cell, letter) {
    var tile = live.querySelector('.pool-tile[data-letter="' + letter + '"]:not(:disabled)');
    if (!tile && live.querySelector('.pool-tile[data-letter="?"]:not(:disabled)')) {
      tile = live.querySelector('.pool-tile[data-letter="?"]:not(:disabled)');
      live.dataset.blankAs = letter;
    }
    if (!tile) { say(interpolate(gettext("You have no %(letter)s to place."), {letter: letter}, true)); return; }
    if (cell.classList.contains("placing")) click(cell);  // a tile already going there goes back first
    if (!tile.classList.contains("selected")) click(tile);
    click(cell);
    delete live.dataset.blankAs;
    relabel();
    var next = neighbour(cell.dataset.cell, step);
    if (next) { current = next.dataset.cell; rove(true); } else cell.focus();
  }
  function takeBackTile(cell) {
    var target = cell.classList.contains("placing") ? cell : neighbour(cell.dataset.cell, back(step));
    if (!target || !target.classList.contains("placing")) return;
    click(target);
    relabel();
    current = target.dataset.cell;
    rove(true);
  }

  // Lingua Fences and Keebble: the move box holds "3C WORD ..."; letters typed on the board go into WORD.
  function parts() {
    var input = moveInput(), words = input.value.trim().split(/\s+/).filter(Boolean);
    var start = /^(\d+[A-Za-z]+|[A-Za-z]+\d+)$/.test(words[0] || "") ? words.shift() : "";
    var word = /^[A-Za-z?]+$/.test(words[0] || "") && !/^(ask|pass|claim|special)$/i.test(words[0]) ? words.shift() : "";
    return {start: start, word: word, rest: words};
  }
  function writeParts(p) {
    var input = moveInput();
    input.value = [p.start, p.word].concat(p.rest).join(" ").trim() + (p.rest.length ? "" : " ");
    input.dispatchEvent(new Event("input", {bubbles: true}));  // the preview follows
  }
  function startName(start) {
    var m = /^(\d+)([a-z]+)$/i.exec(start) || /^([a-z]+)(\d+)$/i.exec(start);
    if (!m) return "";
    return /^\d/.test(start) ? m[2].toLowerCase() + m[1] : m[1].toLowerCase() + m[2];
  }
  // The cell the next letter of the word in the box goes on ("" when no word is started).
  function nextOfWord(p) {
    var at = p.start && cellNamed(startName(p.start)), across = /^\d/.test(p.start);
    for (var k = 0; k < p.word.length && at; k++) at = neighbour(at.dataset.cell, across ? "ArrowRight" : "ArrowDown");
    return at ? at.dataset.cell : "";
  }
  function writeLetter(cell, letter) {
    var p = parts();
    if (nextOfWord(p) !== cell.dataset.cell) {  // a new word, from this cell, across
      var rest = p.rest;
      moveInput().value = "";
      click(cell);  // game.js starts the word here and marks the cell
      p = parts();
      p.rest = rest;
    }
    p.word += letter;
    writeParts(p);
    var across = /^\d/.test(p.start);
    var next = neighbour(cell.dataset.cell, across ? "ArrowRight" : "ArrowDown");
    if (next) current = next.dataset.cell;
    rove(true);
  }
  function eraseLetter() {
    var p = parts();
    if (!p.word) return;
    p.word = p.word.slice(0, -1);
    writeParts(p);
    current = nextOfWord(p) || current;
    rove(true);
  }
  function startHere(cell) {
    click(cell);  // game.js: the word starts here (again: down), or one side of a wall is picked
    current = cell.dataset.cell;
    rove(true);
  }

  live.addEventListener("keydown", function (event) {
    var cell = event.target.closest && event.target.closest("svg[role=grid] [role=gridcell]");
    if (!cell || event.altKey || event.ctrlKey || event.metaKey) return;
    var key = event.key, input = moveInput();
    var starts = !!cell.closest("[data-start-cells]"), walls = !!cell.closest("[data-wall-cells]");
    var tiles = !!live.querySelector(".pool-tile:not(:disabled), .pool-tile.used");
    if (/^Arrow(Up|Down|Left|Right)$/.test(key)) {
      event.preventDefault();
      step = key;
      var next = neighbour(cell.dataset.cell, key);
      if (next) { current = next.dataset.cell; rove(true); }
      return;
    }
    if (key === "Home" || key === "End") {
      event.preventDefault();
      var row = cell.parentNode.querySelectorAll("[role=gridcell]");
      current = row[key === "Home" ? 0 : row.length - 1].dataset.cell;
      rove(true);
      return;
    }
    if (!input) return;  // a spectator, or not this player's turn: the board is read, not played
    if (key === "Enter") {
      event.preventDefault();
      if (!play() && (starts || walls)) startHere(cell);
      return;
    }
    if (key === " ") {
      event.preventDefault();
      if (starts || walls) startHere(cell);
      return;
    }
    if (/^[a-zA-Z]$/.test(key)) {
      if (tiles) { event.preventDefault(); placeTile(cell, key.toUpperCase()); }
      else if (starts) { event.preventDefault(); writeLetter(cell, key.toUpperCase()); }
      return;
    }
    if (key === "Backspace" || key === "Delete") {
      event.preventDefault();
      if (tiles) takeBackTile(cell); else if (starts) eraseLetter();
      return;
    }
    if (key === "Escape") {
      event.preventDefault();
      var clear = live.querySelector("[data-action=clear]");
      if (clear) click(clear); else { input.value = ""; input.dispatchEvent(new Event("input", {bubbles: true})); }
      relabel();
      say(gettext("Move cleared."));
    }
  });

  // A click on a cell makes it the Tab stop too (game.js may then move the focus to the move box).
  var onBoard = false;  // the focus was last on the board (an update that redraws it gives it back)
  document.addEventListener("focusin", function (event) {
    var cell = event.target.closest && event.target.closest("svg[role=grid] [role=gridcell]");
    onBoard = !!cell;
    if (cell) { current = cell.dataset.cell; rove(false); }
  });
  live.addEventListener("click", function () { setTimeout(relabel, 0); });

  // The page updated by itself: the Tab stop and the labels of tiles being placed are set again.
  live.addEventListener("live:updated", function () {
    relabel();
    rove(onBoard && (document.activeElement === document.body || !!document.activeElement.closest("[role=gridcell]")));
  });
  relabel();
  rove(false);
})();
