// Printable boards: the Print button (a script file, as the Content-Security-Policy allows no inline handler).
document.querySelectorAll("[data-print]").forEach(function (button) {
  button.addEventListener("click", function () { window.print(); });
});
