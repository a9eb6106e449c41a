// Lexicon Crossing's crossword editor: drag tiles (mouse or touch, through pointer events) from the hand to
// the grid, around the grid and back; or click a cell and type. Every change is saved at once as a
// "grid ..." move; the server checks that grid and hand are exactly the player's tiles and answers with the
// new score. Plain JavaScript, no build step.
(function () {
  "use strict";
  // Translations come from the JavaScript catalog (/jsi18n/, loaded before this script); without it, English.
  var gettext = window.gettext || function (text) { return text; };
  var interpolate = window.interpolate || function (format, values) {
    return format.replace(/%\((\w+)\)s/g, function (all, name) { return String(values[name]); });
  };
  var live = document.getElementById("live");
  if (!live) return;

  var state = null;   // {rows, cols, cells: {"r,c": letter}, hand: [tiles]}
  var selected = null; // "r,c" of the cell taking typed letters
  var drag = null;     // {letter, from: "hand" | "r,c", ghost, startX, startY, moved}
  var saveTimer = null;
  var saving = false, again = false;

  function editor() { return live.querySelector(".lc-editor"); }
  function csrf() {
    var input = live.querySelector("input[name=csrfmiddlewaretoken]");
    return input ? input.value : "";
  }
  function editable() { var e = editor(); return e && e.dataset.editable === "1"; }

  function init() {
    var e = editor();
    if (!e) { state = null; return; }
    state = JSON.parse(e.dataset.editor);
    var at = stored();  // where the player had the crossword: the server centres it, the page keeps it put
    var b = bounds(state.cells);
    if (at && b) shift(at[0] - b.top, at[1] - b.left);
    grow();
  }

  function storeKey() { return "lc-at-" + (editor() ? editor().dataset.submitUrl : ""); }
  function stored() {
    try { return JSON.parse(window.sessionStorage.getItem(storeKey()) || "null"); } catch (e) { return null; }
  }
  function remember() {
    var b = bounds(state.cells);
    try { if (b) window.sessionStorage.setItem(storeKey(), JSON.stringify([b.top, b.left])); } catch (e) { /* private mode */ }
  }

  function bounds(cells) {
    var b = null;
    Object.keys(cells).forEach(function (key) {
      var p = key.split(",").map(Number);
      if (!b) b = {top: p[0], bottom: p[0], left: p[1], right: p[1]};
      b.top = Math.min(b.top, p[0]); b.bottom = Math.max(b.bottom, p[0]);
      b.left = Math.min(b.left, p[1]); b.right = Math.max(b.right, p[1]);
    });
    return b;
  }

  function shift(dr, dc) {
    if (!dr && !dc) return;
    var moved = {};
    Object.keys(state.cells).forEach(function (key) {
      var p = key.split(",").map(Number);
      moved[(p[0] + dr) + "," + (p[1] + dc)] = state.cells[key];
    });
    state.cells = moved;
    if (selected) { var q = selected.split(",").map(Number); selected = (q[0] + dr) + "," + (q[1] + dc); }
  }

  // Room to build on every side: the grid grows (never shrinks while the player works) so that two empty
  // rows and columns always surround the crossword, however big it gets.
  var ROOM = 2;
  function grow() {
    var b = bounds(state.cells);
    if (!b) return;
    var dr = Math.max(0, ROOM - b.top), dc = Math.max(0, ROOM - b.left);
    shift(dr, dc);
    state.rows = Math.max(state.rows + dr, b.bottom + dr + ROOM + 1);
    state.cols = Math.max(state.cols + dc, b.right + dc + ROOM + 1);
  }

  // The grid's cells as the state says: rebuilt when the grid grew or the server sent another size.
  function layout() {
    var grid = live.querySelector(".lc-grid");
    if (!grid || grid.querySelectorAll(".lc-cell").length === state.rows * state.cols &&
        grid.querySelectorAll(".lc-row").length === state.rows) return;
    var focused = grid.contains(document.activeElement);
    grid.innerHTML = "";
    grid.style.gridTemplateColumns = "repeat(" + state.cols + ", var(--cell))";
    for (var r = 0; r < state.rows; r++) {  // an ARIA grid: rows (display: contents) of cells
      var row = document.createElement("div");
      row.className = "lc-row"; row.setAttribute("role", "row");
      for (var c = 0; c < state.cols; c++) {
        var cell = document.createElement("div");
        cell.className = "lc-cell"; cell.dataset.cell = r + "," + c; cell.tabIndex = -1;
        cell.setAttribute("role", "gridcell");
        row.appendChild(cell);
      }
      grid.appendChild(row);
    }
    refocus = focused;
  }

  // What a screen reader says of a cell: "row 3, column C, letter K" (the same words as the other boards).
  function columnName(index) {
    var name = "";
    for (index += 1; index > 0; index = Math.floor((index - 1) / 26)) name = String.fromCharCode(65 + (index - 1) % 26) + name;
    return name;
  }
  function cellLabel(key, letter) {
    var p = key.split(",").map(Number);
    var where = interpolate(gettext("row %(row)s, column %(column)s"), {row: p[0] + 1, column: columnName(p[1])}, true);
    if (!letter) return where + ", " + gettext("empty");
    var what = interpolate(gettext("letter %(letter)s"), {letter: letter.toUpperCase()}, true);
    return where + ", " + what + (letter !== letter.toUpperCase() ? ", " + gettext("blank") : "");
  }

  function rowsOf(cells) {
    var b = bounds(cells), rows = [];
    if (!b) return rows;
    for (var r = b.top; r <= b.bottom; r++) {
      var row = "";
      for (var c = b.left; c <= b.right; c++) row += cells[r + "," + c] || ".";
      rows.push(row);
    }
    return rows;
  }

  function tileEl(letter, from) {
    var span = document.createElement("span");
    span.className = "lc-tile" + (letter === "?" || letter !== letter.toUpperCase() ? " blank" : "");
    span.dataset.letter = letter;
    span.dataset.from = from;
    span.textContent = letter === "?" ? "?" : letter.toUpperCase();
    return span;
  }

  var refocus = false;  // the grid was rebuilt under the focus: give it back to the selected cell
  function render() {
    if (!state) return;
    layout();
    var stop = selected || (Object.keys(state.cells)[0]) || "0,0";  // the one cell in the Tab order
    live.querySelectorAll(".lc-cell").forEach(function (cell) {
      var letter = state.cells[cell.dataset.cell];
      cell.innerHTML = "";
      cell.classList.toggle("selected", cell.dataset.cell === selected);
      cell.tabIndex = cell.dataset.cell === stop ? 0 : -1;
      cell.setAttribute("aria-label", cellLabel(cell.dataset.cell, letter));
      if (letter) cell.appendChild(tileEl(letter, cell.dataset.cell));
    });
    var grid = live.querySelector(".lc-grid");
    if (grid) grid.setAttribute("aria-readonly", editable() ? "false" : "true");
    if (refocus) { refocus = false; focusSelected(); }
    var hand = live.querySelector(".lc-hand-tiles");
    if (hand) {
      hand.innerHTML = "";
      state.hand.forEach(function (t) { hand.appendChild(tileEl(t, "hand")); });
    }
  }

  // Only the crossword itself is sent, without the empty margin around it: the move stays within the
  // length the rules allow for the biggest crossword the game's tiles can make.
  function rowsText() {
    var rows = rowsOf(state.cells);
    return rows.length ? "grid " + rows.join("/") : "grid .";
  }

  function status(text) {
    var p = live.querySelector("[data-save-state]");
    if (p) p.textContent = text;
  }

  function save() {
    if (saving) { again = true; return; }
    saving = true;
    status(gettext("Saving…"));
    var key = "grid-" + Date.now() + "-" + Math.random().toString(36).slice(2);
    fetch(editor().dataset.submitUrl, {
      method: "POST", credentials: "same-origin",
      headers: {"X-CSRFToken": csrf(), "Accept": "application/json",
                "Content-Type": "application/x-www-form-urlencoded"},
      body: new URLSearchParams({move: rowsText(), key: key, version: live.dataset.version || ""}),
    }).then(function (r) { return r.json(); }).then(function (data) {
      if (!data.ok) { status(data.error); return; }
      if (data.version !== undefined) live.dataset.version = data.version;  // our own save: no reload
      var score = data.view && data.view.score;
      if (score) {
        var s = live.querySelector("[data-score]");
        if (s) s.textContent = score.text;
        var invalid = live.querySelector("[data-invalid]");
        if (invalid) {
          invalid.hidden = !score.invalid.length;
          invalid.querySelector("span").textContent = score.invalid.join(", ");
        }
      }
      status(gettext("Saved."));
    }).catch(function () { status(gettext("Could not save: check your connection; your last change is kept here.")); })
      .then(function () { saving = false; if (again) { again = false; save(); } });
  }
  function changed() {
    grow(); render(); remember();
    clearTimeout(saveTimer); saveTimer = setTimeout(function () { saveTimer = null; save(); }, 300);
  }

  function takeFromHand(letter) {
    var i = state.hand.indexOf(letter);
    if (i < 0) return false;
    state.hand.splice(i, 1);
    return true;
  }

  function place(letter, from, target) {
    // target: "r,c" or "hand"
    if (from === target) return;
    if (target === "hand") {
      if (from === "hand") return;
      delete state.cells[from];
      state.hand.push(letter === letter.toUpperCase() ? letter : "?");
      return changed();
    }
    if (state.cells[target]) return;  // occupied: nothing happens
    if (from === "hand") {
      if (letter === "?") {
        var chosen = (window.prompt(gettext("Which letter does the blank stand for?")) || "").trim().toLowerCase();
        if (!/^[a-z]$/.test(chosen)) return;
        if (!takeFromHand("?")) return;
        state.cells[target] = chosen;
      } else {
        if (!takeFromHand(letter)) return;
        state.cells[target] = letter;
      }
    } else {
      state.cells[target] = state.cells[from];
      delete state.cells[from];
    }
    changed();
  }

  // --- dragging with pointer events (mouse, pen, touch) ---
  live.addEventListener("pointerdown", function (ev) {
    var tile = ev.target.closest(".lc-tile");
    if (!tile || !state || !editable() || !live.contains(tile) || !tile.closest(".lc-editor, .lc-hand")) return;
    ev.preventDefault();
    var cell = tile.closest("[data-cell]");
    drag = {letter: tile.dataset.letter, from: cell ? cell.dataset.cell : "hand", startX: ev.clientX,
            startY: ev.clientY, moved: false, ghost: null, source: tile};
  });
  document.addEventListener("pointermove", function (ev) {
    if (!drag) return;
    if (!drag.moved && Math.abs(ev.clientX - drag.startX) + Math.abs(ev.clientY - drag.startY) < 4) return;
    if (!drag.ghost) {
      drag.moved = true;
      drag.ghost = drag.source.cloneNode(true);
      drag.ghost.classList.add("lc-ghost");
      document.body.appendChild(drag.ghost);
      drag.source.classList.add("lc-dragging");
    }
    drag.ghost.style.left = ev.clientX + "px";
    drag.ghost.style.top = ev.clientY + "px";
  });
  document.addEventListener("pointerup", function (ev) {
    if (!drag) return;
    var d = drag;
    drag = null;
    if (d.ghost) d.ghost.remove();
    if (d.source) d.source.classList.remove("lc-dragging");
    if (!d.moved) {  // a click: select the tile's cell for typing
      if (d.from !== "hand") { selected = d.from; render(); }
      return;
    }
    var under = document.elementFromPoint(ev.clientX, ev.clientY);
    if (!under) return;
    var cell = under.closest("[data-cell]");
    if (cell && live.contains(cell)) return place(d.letter, d.from, cell.dataset.cell);
    if (under.closest("[data-hand-area]")) return place(d.letter, d.from, "hand");
  });

  // --- clicking and typing ---
  live.addEventListener("click", function (ev) {
    var cell = ev.target.closest(".lc-cell");
    if (!cell || !state || !editable()) return;
    selected = cell.dataset.cell;
    render();
  });
  function focusSelected() {
    var cell = selected && live.querySelector('.lc-cell[data-cell="' + selected + '"]');
    if (cell) cell.focus();
  }
  // Tab into the crossword: the cell reached takes the typed letters.
  live.addEventListener("focusin", function (ev) {
    var cell = ev.target.closest && ev.target.closest(".lc-cell");
    if (!cell || !state || cell.dataset.cell === selected) return;
    selected = cell.dataset.cell;
    render();
  });
  document.addEventListener("keydown", function (ev) {
    if (!selected || !state) return;
    if (ev.target.closest && ev.target.closest("input, textarea, select, button, a")) return;
    if (ev.altKey || ev.ctrlKey || ev.metaKey) return;
    var parts = selected.split(",").map(Number), r = parts[0], c = parts[1];
    var key = ev.key;
    var moves = {ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1]};
    if (moves[key]) {
      ev.preventDefault();
      var nr = Math.min(state.rows - 1, Math.max(0, r + moves[key][0]));
      var nc = Math.min(state.cols - 1, Math.max(0, c + moves[key][1]));
      selected = nr + "," + nc;
      render();
      focusSelected();
      return;
    }
    if (!editable()) return;
    if (key === "Enter") {  // the green light is one more Enter away, never pressed by the first
      var green = live.querySelector("[data-lc-green] button");
      if (green) { ev.preventDefault(); green.focus(); }
      return;
    }
    if (/^[a-zA-Z]$/.test(key)) {
      var letter = key.toUpperCase();
      if (state.cells[selected]) return;
      if (state.hand.indexOf(letter) >= 0) { takeFromHand(letter); state.cells[selected] = letter; }
      else if (state.hand.indexOf("?") >= 0) { takeFromHand("?"); state.cells[selected] = letter.toLowerCase(); }
      else { status(interpolate(gettext("You have no %(letter)s in your hand."), {letter: letter}, true)); return; }
      ev.preventDefault();
      if (c + 1 < state.cols) selected = r + "," + (c + 1);
      changed();
      return focusSelected();
    }
    if (key === "Backspace" || key === "Delete" || key === "Escape") {
      ev.preventDefault();
      var target = selected;
      if (!state.cells[target] && key === "Backspace" && c > 0) target = r + "," + (c - 1);
      var had = state.cells[target];
      if (!had) return;
      selected = target;
      place(had, target, "hand");
      return focusSelected();
    }
  });

  // The page updated by itself (another player moved): the server's crossword is taken only if it differs
  // from the one on screen (not while the player drags or a save is on its way); either way it stays put.
  live.addEventListener("live:updated", function () {
    var e = editor();
    if (!e) { state = null; return; }
    var fresh = JSON.parse(e.dataset.editor);
    var busy = drag || saving || saveTimer;
    if (!state || (!busy && (rowsOf(fresh.cells).join("/") !== rowsOf(state.cells).join("/") ||
                              fresh.hand.slice().sort().join("") !== state.hand.slice().sort().join("")))) init();
    render();
  });
  init();
  if (state) render();
})();
