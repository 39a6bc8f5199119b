import { INGEST_PATH, TRACKER_SCRIPT_PATH } from '@replay/agent-protocol/plain';
import type { Handler } from './state.ts';

/**
 * The instance's own tracker, served as a classic script at TRACKER_SCRIPT_PATH so a site (the
 * console itself, when its operator records its users) can load it from the instance it sends to.
 * `new ReplayTracker({ projectKey, ingestPoint })`, then `start()`, `setUserID(id)` and
 * `setMetadata(key, value)`: page views, clicks and typed values, sent in batches to INGEST_PATH
 * with the project key as Bearer (what ingest.ts accepts).
 *
 * What it never sends: the value of a password field, a hidden field, or a field whose name, id,
 * autocomplete or label speaks of a password, token, secret, one-time code, key, card or CVC, or
 * that sits under `data-replay-mask` (the event says `masked: true` and carries no value); the
 * query and fragment of any address (reset, invitation and sign-in links carry their tokens
 * there); and no text of the page. Written in plain ES2017, so it runs as served.
 */
export const TRACKER_SOURCE = `(function () {
  'use strict';
  if (window.ReplayTracker) return;
  var SENSITIVE = /pass|token|secret|otp|one-time-code|jwt|api[-_ ]?key|card|cvc|cvv|security.?code/i;
  var FLUSH_MS = 1000;
  var SESSION_KEY = 'replay_tracker_session';

  function sensitive(el) {
    var type = (el.getAttribute('type') || '').toLowerCase();
    if (type === 'password' || type === 'hidden') return true;
    if (el.closest('[data-replay-mask]')) return true;
    return SENSITIVE.test([el.name, el.id, el.getAttribute('autocomplete'), el.getAttribute('aria-label')].join(' '));
  }
  function target(el) {
    return { tag: el.tagName.toLowerCase(), id: el.id || undefined, name: el.getAttribute('name') || undefined, type: el.getAttribute('type') || undefined };
  }
  /* Origin and path only: queries and fragments may carry tokens. */
  function pageUrl() {
    return location.origin + location.pathname;
  }
  function newSessionId() {
    if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
    return 's' + Date.now().toString(36) + Math.random().toString(36).slice(2, 12);
  }
  function sessionId() {
    try {
      var kept = sessionStorage.getItem(SESSION_KEY);
      if (kept) return kept;
      var made = newSessionId();
      sessionStorage.setItem(SESSION_KEY, made);
      return made;
    } catch (e) {
      return newSessionId();
    }
  }

  function ReplayTracker(options) {
    if (!options || !options.projectKey || !options.ingestPoint) throw new Error('ReplayTracker needs projectKey and ingestPoint');
    this.projectKey = String(options.projectKey);
    this.ingestPoint = String(options.ingestPoint);
    this.sessionId = sessionId();
    this.userId = null;
    this.queue = [];
    this.timer = null;
    this.started = false;
  }

  ReplayTracker.prototype.record = function (event) {
    event.at = Date.now();
    this.queue.push(event);
    var self = this;
    if (this.timer === null) this.timer = setTimeout(function () { self.flush(); }, FLUSH_MS);
  };

  ReplayTracker.prototype.start = function () {
    if (this.started) return;
    this.started = true;
    var self = this;
    var lastUrl = pageUrl();
    this.record({ type: 'pageview', url: lastUrl });
    function navigated() {
      var now = pageUrl();
      if (now !== lastUrl) {
        lastUrl = now;
        self.record({ type: 'pageview', url: now });
      }
    }
    ['pushState', 'replaceState'].forEach(function (name) {
      var original = history[name];
      history[name] = function () {
        var result = original.apply(this, arguments);
        navigated();
        return result;
      };
    });
    window.addEventListener('popstate', navigated);
    document.addEventListener('click', function (e) {
      if (e.target instanceof Element) self.record({ type: 'click', target: target(e.target) });
    }, true);
    document.addEventListener('change', function (e) {
      var el = e.target;
      if (!(el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement)) return;
      var kind = (el.getAttribute('type') || '').toLowerCase();
      if (kind === 'checkbox' || kind === 'radio') return self.record({ type: 'input', target: target(el), checked: el.checked });
      if (sensitive(el)) return self.record({ type: 'input', target: target(el), masked: true });
      self.record({ type: 'input', target: target(el), value: el.value });
    }, true);
    document.addEventListener('visibilitychange', function () {
      if (document.visibilityState === 'hidden') self.flush(true);
    });
    window.addEventListener('pagehide', function () { self.flush(true); });
  };

  ReplayTracker.prototype.setUserID = function (id) {
    this.userId = id ? String(id) : null;
    this.record({ type: 'identify', userId: this.userId });
  };

  ReplayTracker.prototype.setMetadata = function (key, value) {
    this.record({ type: 'metadata', key: String(key), value: String(value) });
  };

  /* leaving: the page is going away, so the request must outlive it (keepalive). */
  ReplayTracker.prototype.flush = function (leaving) {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    if (this.queue.length === 0) return;
    var batch = { sessionId: this.sessionId, events: this.queue, url: pageUrl() };
    if (this.userId) batch.userId = this.userId;
    this.queue = [];
    fetch(this.ingestPoint, {
      method: 'POST',
      mode: 'cors',
      credentials: 'omit',
      keepalive: leaving === true,
      headers: { 'Content-Type': 'application/json', Authorization: 'Bearer ' + this.projectKey },
      body: JSON.stringify(batch),
    }).catch(function () {});
  };

  window.ReplayTracker = ReplayTracker;
  window.ReplayTracker.ingestPath = ${JSON.stringify(INGEST_PATH)};
})();
`;

export const trackerScriptRoutes: Record<string, Handler> = {
  [`GET ${TRACKER_SCRIPT_PATH}`]: (_req, res) => {
    res.writeHead(200, {
      'Content-Type': 'text/javascript; charset=utf-8',
      'Content-Length': Buffer.byteLength(TRACKER_SOURCE),
      // Loaded by other sites' pages: a script tag needs no CORS, but a cross-origin resource policy would block it.
      'Cross-Origin-Resource-Policy': 'cross-origin',
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'public, max-age=300',
    });
    res.end(TRACKER_SOURCE);
  },
};
