// New-game form: show as many seat fields as the chosen number of players.
(function () {
  var players = document.getElementById("id_players");
  if (!players) return;
  function show() {
    document.querySelectorAll(".seat-field").forEach(function (p) {
      p.hidden = Number(p.dataset.seat) > Number(players.value);
    });
  }
  players.addEventListener("change", show);
  show();
})();
