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
  // The page's first reads ride along with the opening (src/app/early-reads.ts), each written
  // `name=address`: the public ones, the account, and the screen's own data unless the address
  // asks for another view. The refresh answers each as that call would (GET /refresh?with=…).
  var readsOf = function (list) {
    return (list || '')
      .split(' ')
      .filter(Boolean)
      .map(function (pair) {
        var at = pair.indexOf('=');
        return { name: pair.slice(0, at), url: pair.slice(at + 1) };
      });
  };
  var publicReads = readsOf(own.dataset.publicReads);
  var reads = publicReads.concat(readsOf(own.dataset.sessionReads));
  if (!location.search) reads = reads.concat(readsOf(own.dataset.screenReads));
  if (!sent) reads = [];
  if (open && window.fetch) {
    var call = open.split(' ');
    var url =
      call[1] +
      (reads.length
        ? '?with=' +
          reads
            .map(function (read) {
              return read.name;
            })
            .join(',')
        : '');
    var send = function () {
      return fetch(url, { method: call[0], headers: { accept: 'application/json' }, credentials: 'same-origin' }).then(function (res) {
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
    var answered = opening.then(function (answer) {
      if (!answer || answer.status !== 200) return null;
      try {
        return JSON.parse(answer.text).data || null;
      } catch (e) {
        return null;
      }
    });
    // Each read handed to the app as the answer its own call would have had, with the token it
    // goes with (none for a public read: the app sends that call without one). Only a success:
    // a read that failed here (no answer, a refusal, a fault) is null, and the app asks itself,
    // so that nothing in the opening's way can fail a call that would have worked on its own.
    reads.forEach(function (read) {
      var anonymous = publicReads.indexOf(read) >= 0;
      sent[read.url] = answered
        .then(function (data) {
          var got = data && data.jwt && data.reads && data.reads[read.name];
          if (!got || got.status < 200 || got.status > 299) return null;
          var headers = new Headers(got.headers);
          headers.set('content-type', 'application/json');
          var body = got.body === null || got.body === undefined ? null : JSON.stringify(got.body);
          return { token: anonymous ? null : data.jwt, response: new Response(body, { status: got.status, headers: headers }) };
        })
        .catch(function () {
          return null;
        });
    });
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
      if (i + 1 < chunks.length)
        script.onload = script.onerror = function () {
          setTimeout(run, 0, i + 1);
        };
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
