// The site as an app, on every page: registers the service worker (notifications, the games page kept for when
// the network is gone) and shows how many games wait for the player as the app's badge where the browser can.
// Plain JavaScript, no build step.
(function () {
  "use strict";
  var script = document.currentScript;
  if (!script || !("serviceWorker" in navigator)) return;
  var signedIn = script.dataset.signedIn === "1";

  function badge(count) {
    if (!("setAppBadge" in navigator) || typeof count !== "number" || count < 0) return;
    (count > 0 ? navigator.setAppBadge(count) : navigator.clearAppBadge()).catch(function () {});
  }

  function ask(worker, message) {
    var channel = new MessageChannel();
    channel.port1.onmessage = function (event) { badge((event.data || {}).yourTurn); };
    worker.postMessage(message, [channel.port2]);
  }

  navigator.serviceWorker.register(script.dataset.worker, {scope: "/"}).then(function () {
    return navigator.serviceWorker.ready;
  }).then(function (registration) {
    if (registration.active) ask(registration.active, {type: signedIn ? "refresh" : "forget"});
  }).catch(function () { /* no worker: the site works as a plain site */ });
})();
