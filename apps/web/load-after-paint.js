// The console's code for a prerendered page, fetched once the page has painted (see
// after-first-paint.ts): a classic deferred script, so the browser fetches it at low
// priority and never waits for it before painting. The entry and its chunks come from
// this element's data attributes.
(function () {
  var own = document.currentScript;
  var started = false;
  function load() {
    if (started) return;
    started = true;
    (own.dataset.preload || '').split(' ').forEach(function (href) {
      if (!href) return;
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
    var entry = document.createElement('script');
    entry.type = 'module';
    entry.crossOrigin = '';
    entry.src = own.dataset.entry;
    document.head.appendChild(entry);
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
