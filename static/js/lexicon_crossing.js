// Lexicon Crossing's crossword editor: drag tiles (mouse or touch, through pointer events) from the hand to
// the grid, around the grid and back; or click a cell and type. Every change is saved at once as a
// "grid ..." move; the server checks that grid and hand are exactly the player's tiles and answers with the
// new score. Plain JavaScript, no build step.
(function () {
  "use strict";
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
  }

  function tileEl(letter, from) {
    var span = document.createElement("span");
    span.className = "lc-tile" + (letter === "?" || letter !== letter.toUpperCase() ? " blank" : "");
    span.dataset.letter = letter;
    span.dataset.from = from;
    span.textContent = letter === "?" ? "?" : letter.toUpperCase();
    return span;
  }

  function render() {
    if (!state) return;
    live.querySelectorAll(".lc-cell").forEach(function (cell) {
      var letter = state.cells[cell.dataset.cell];
      cell.innerHTML = "";
      cell.classList.toggle("selected", cell.dataset.cell === selected);
      if (letter) cell.appendChild(tileEl(letter, cell.dataset.cell));
    });
    var hand = live.querySelector(".lc-hand-tiles");
    if (hand) {
      hand.innerHTML = "";
      state.hand.forEach(function (t) { hand.appendChild(tileEl(t, "hand")); });
    }
  }

  function rowsText() {
    var rows = [];
    for (var r = 0; r < state.rows; r++) {
      var row = "";
      for (var c = 0; c < state.cols; c++) row += state.cells[r + "," + c] || ".";
      rows.push(row);
    }
    return "grid " + rows.join("/");
  }

  function status(text) {
    var p = live.querySelector("[data-save-state]");
    if (p) p.textContent = text;
  }

  function save() {
    if (saving) { again = true; return; }
    saving = true;
    status("Saving…");
    var key = "grid-" + Date.now() + "-" + Math.random().toString(36).slice(2);
    fetch(editor().dataset.submitUrl, {
      method: "POST", credentials: "same-origin",
      headers: {"X-CSRFToken": csrf(), "Accept": "application/json",
                "Content-Type": "application/x-www-form-urlencoded"},
      body: new URLSearchParams({move: rowsText(), key: key}),
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
      status("Saved.");
    }).catch(function () { status("Could not save: check your connection; your last change is kept here."); })
      .then(function () { saving = false; if (again) { again = false; save(); } });
  }
  function changed() { render(); clearTimeout(saveTimer); saveTimer = setTimeout(save, 300); }

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
        var chosen = (window.prompt("Which letter does the blank stand for?") || "").trim().toLowerCase();
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
  document.addEventListener("keydown", function (ev) {
    if (!selected || !state || !editable()) return;
    if (ev.target.closest && ev.target.closest("input, textarea, select")) return;
    var parts = selected.split(",").map(Number), r = parts[0], c = parts[1];
    var key = ev.key;
    if (/^[a-zA-Z]$/.test(key)) {
      var letter = key.toUpperCase();
      if (state.cells[selected]) return;
      if (state.hand.indexOf(letter) >= 0) { takeFromHand(letter); state.cells[selected] = letter; }
      else if (state.hand.indexOf("?") >= 0) { takeFromHand("?"); state.cells[selected] = letter.toLowerCase(); }
      else { status("You have no " + letter + " in your hand."); return; }
      ev.preventDefault();
      if (c + 1 < state.cols) selected = r + "," + (c + 1);
      return changed();
    }
    if (key === "Backspace" || key === "Delete") {
      ev.preventDefault();
      var target = selected;
      if (!state.cells[target] && key === "Backspace" && c > 0) target = r + "," + (c - 1);
      var had = state.cells[target];
      if (!had) return;
      selected = target;
      return place(had, target, "hand");
    }
    var moves = {ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1]};
    if (moves[key]) {
      ev.preventDefault();
      var nr = Math.min(state.rows - 1, Math.max(0, r + moves[key][0]));
      var nc = Math.min(state.cols - 1, Math.max(0, c + moves[key][1]));
      selected = nr + "," + nc;
      render();
    }
  });

  // The page's poller replaces the live part when someone else moves: start again from the server's grid.
  new MutationObserver(function () { if (!drag) { init(); render(); } }).observe(live, {childList: true});
  init();
})();
