// The console's code for a prerendered page, fetched once the page has painted (see
// after-first-paint.ts): a classic deferred script, so the browser fetches it at low
// priority and never waits for it before painting. The entry and its chunks come from
// this element's data attributes.
(function () {
  var own = document.currentScript;
  var started = false;
  // A signed-in page (served to a visit with the session hint) opens the session now, with
  // the page, rather than once the app has run: the app's first refresh takes this answer
  // (src/lib/api/early-session.ts). In turn with the other tabs, as every refresh is (the
  // cookie is single use). No answer: null, and the app asks itself.
  var open = own.dataset.openSession;
  var sent = own.dataset.readsGlobal && window.fetch ? (window[own.dataset.readsGlobal] = {}) : null;
  // Public reads leave at once, with no token: the answer is the same for anyone.
  (own.dataset.publicReads || '').split(' ').filter(Boolean).forEach(function (url) {
    if (!sent) return;
    sent[url] = fetch(url, { headers: { accept: 'application/json' }, credentials: 'same-origin' })
      .then(function (response) {
        return { token: null, response: response };
      })
      .catch(function () {
        return null;
      });
  });
  if (open && window.fetch) {
    var call = open.split(' ');
    var send = function () {
      return fetch(call[1], { method: call[0], headers: { accept: 'application/json' }, credentials: 'same-origin' }).then(function (res) {
        return res.text().then(function (text) {
          return { status: res.status, text: text };
        });
      });
    };
    var locks = navigator.locks;
    var opening = (locks ? locks.request(own.dataset.sessionLock, send) : send()).catch(function () {
      return null;
    });
    window[own.dataset.sessionGlobal] = opening;
    // The page's first reads, sent with the token that answer carries (src/app/early-reads.ts):
    // the account, and the screen's own data unless the address asks for another view.
    var reads = (own.dataset.sessionReads || '').split(' ');
    if (!location.search) reads = reads.concat((own.dataset.screenReads || '').split(' '));
    reads = reads.filter(Boolean);
    if (reads.length && sent) {
      var token = opening.then(function (answer) {
        if (!answer || answer.status !== 200) return null;
        try {
          return JSON.parse(answer.text).data.jwt || null;
        } catch (e) {
          return null;
        }
      });
      reads.forEach(function (url) {
        sent[url] = token
          .then(function (jwt) {
            if (!jwt) return null;
            var headers = { accept: 'application/json', authorization: 'Bearer ' + jwt };
            return fetch(url, { headers: headers, credentials: 'same-origin' }).then(function (response) {
              return { token: jwt, response: response };
            });
          })
          .catch(function () {
            return null;
          });
      });
    }
  }
  function load() {
    if (started) return;
    started = true;
    // Every chunk, the entry too, is fetched at once; they then run one by one, dependencies first
    // (after-first-paint.ts orders them), each in a task of its own, so that the page
    // never stops answering for the time it takes to evaluate the whole app.
    var chunks = (own.dataset.preload || '').split(' ').filter(Boolean);
    chunks.push(own.dataset.entry);
    var head = document.createDocumentFragment();
    chunks.forEach(function (href) {
      // Announced by the page itself already (the signed-in copy of index.html): fetched since.
      if (document.head.querySelector('link[rel="modulepreload"][href="' + href + '"]')) return;
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      head.appendChild(link);
    });
    document.head.appendChild(head);
    (function run(i) {
      var script = document.createElement('script');
      script.type = 'module';
      script.crossOrigin = '';
      script.src = chunks[i];
      // A chunk that fails to load leaves the rest to the entry, whose own import of it
      // fails the way any lost chunk does (lib/lazy.ts's preload error listener).
      if (i + 1 < chunks.length) script.onload = script.onerror = function () { setTimeout(run, 0, i + 1); };
      document.head.appendChild(script);
    })(0);
  }
  // The browser reports the first contentful paint once the frame is on screen. A page
  // opened in a background tab paints nothing until shown, and a browser without paint
  // timing reports nothing: both load at once.
  var paints = window.PerformanceObserver && PerformanceObserver.supportedEntryTypes;
  if (document.visibilityState === 'hidden' || !paints || paints.indexOf('paint') < 0) return load();
  new PerformanceObserver(function (list, observer) {
    if (!list.getEntriesByName('first-contentful-paint').length) return;
    observer.disconnect();
    setTimeout(load, 0);
  }).observe({ type: 'paint', buffered: true });
  // Should the paint never be reported, the page still comes to life.
  setTimeout(load, 3000);
})();
