// The notifications page: turn notifications on or off for this device (a push subscription made with the
// site's public key, sent to the server, which keeps one per device). Plain JavaScript, no build step.
(function () {
  "use strict";
  var gettext = window.gettext || function (text) { return text; };
  var box = document.getElementById("this-device");
  if (!box || !box.dataset.serverKey) return;
  var on = document.getElementById("push-on"), off = document.getElementById("push-off");
  var status = document.getElementById("push-status");

  // The buttons' style sets their display, which the hidden attribute alone would not override.
  function show(element, shown) { if (element) { element.hidden = !shown; element.style.display = shown ? "" : "none"; } }
  function say(text) { status.textContent = text; }
  function csrf() { var input = box.querySelector("input[name=csrfmiddlewaretoken]"); return input ? input.value : ""; }
  function keyBytes(text) {
    var padded = (text + "===".slice((text.length + 3) % 4)).replace(/-/g, "+").replace(/_/g, "/");
    var raw = atob(padded), bytes = new Uint8Array(raw.length);
    for (var i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
    return bytes;
  }
  function post(url, body) {
    return fetch(url, {method: "POST", credentials: "same-origin", body: JSON.stringify(body),
                       headers: {"X-CSRFToken": csrf(), "Content-Type": "application/json"}})
      .then(function (response) {
        return response.json().then(function (data) {
          if (!response.ok) throw new Error(data.error || gettext("The server refused."));
          return data;
        });
      });
  }

  if (!("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window)) {
    show(document.getElementById("push-unsupported"), true);
    return;
  }
  var ready = navigator.serviceWorker.register(box.dataset.worker || "/sw.js", {scope: "/"})
    .then(function () { return navigator.serviceWorker.ready; });

  function refresh() {
    return ready.then(function (registration) { return registration.pushManager.getSubscription(); })
      .then(function (subscription) {
        show(on, !subscription);
        show(off, !!subscription);
        show(document.getElementById("push-denied"), Notification.permission === "denied");
        return subscription;
      });
  }

  on.addEventListener("click", function () {
    say(gettext("Asking your browser…"));
    Notification.requestPermission().then(function (permission) {
      if (permission !== "granted") throw new Error(gettext("Notifications were not allowed."));
      return ready;
    }).then(function (registration) {
      return registration.pushManager.subscribe({userVisibleOnly: true,
                                                 applicationServerKey: keyBytes(box.dataset.serverKey)});
    }).then(function (subscription) {
      return post(box.dataset.subscribeUrl, subscription.toJSON());
    }).then(function (data) { return refresh().then(function () { say(data.message); }); })
      .catch(function (error) { say(error.message || String(error)); refresh(); });
  });

  off.addEventListener("click", function () {
    ready.then(function (registration) { return registration.pushManager.getSubscription(); })
      .then(function (subscription) {
        if (!subscription) return {message: ""};
        var endpoint = subscription.endpoint;
        return subscription.unsubscribe().then(function () {
          return post(box.dataset.unsubscribeUrl, {endpoint: endpoint});
        });
      }).then(function (data) { return refresh().then(function () { say(data.message); }); })
      .catch(function (error) { say(error.message || String(error)); });
  });

  refresh();
})();
