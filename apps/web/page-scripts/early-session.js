// A signed-in page load asks for its access token at once, while the console's code is
// still on its way (see ../early-session.ts): the refresh is the first call of every
// signed-in screen, and without this it waits for all of the code to arrive and run.
// The app adopts the answer (src/lib/api/early-refresh.ts) instead of asking again: the
// refresh cookie is single use. Names come from this element's data attributes.
(function () {
  var own = document.currentScript;
  var hint = own.dataset.hint + '=1';
  var signedIn = document.cookie.split(';').some(function (c) { return c.trim() === hint; });
  // A handed-over token (?jwt=) opens the session instead: the app makes no refresh then.
  if (!signedIn || new URLSearchParams(location.search).has('jwt')) return;
  function refresh() {
    return fetch(own.dataset.refresh, { headers: { accept: 'application/json' }, credentials: 'same-origin' }).then(function (res) {
      return res.text().then(function (body) { return { status: res.status, body: body }; });
    });
  }
  // In turn with the other tabs' refreshes, under the lock the app's own refresh takes.
  window.__consoleEarlyRefresh = navigator.locks ? navigator.locks.request(own.dataset.lock, refresh) : refresh();
})();
