// The footer's theme switch: as the system (prefers-color-scheme), light or dark. The choice is kept in a
// cookie, which the server reads to draw the next page in it from the start (data-theme on <html>).
(function () {
  "use strict";
  var COOKIE = "theme";
  var box = document.querySelector("[data-theme-switch]");
  if (!box) return;
  var select = box.querySelector("select");
  select.value = document.documentElement.dataset.theme || "";
  box.hidden = false;
  select.addEventListener("change", function () {
    var theme = select.value;
    if (theme) document.documentElement.dataset.theme = theme;
    else delete document.documentElement.dataset.theme;
    document.cookie = COOKIE + "=" + theme + "; path=/; SameSite=Lax; max-age=" + (theme ? 400 * 24 * 3600 : 0);
  });
})();
