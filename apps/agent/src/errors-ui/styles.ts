/** The Errors screens' own styles, beside the shared frame's (replay-ui/layout.ts); nothing scrolls sideways at 390 px. */
export const ERRORS_CSS = `<style>
ul.groups{list-style:none;padding:0;display:grid;gap:.75rem}
ul.groups li{border:1px solid #d1d5db;border-radius:6px;padding:.75rem}
ul.groups dl,dl.facts{display:grid;grid-template-columns:repeat(auto-fill,minmax(9rem,1fr));gap:.25rem 1rem;margin:.5rem 0 0}
.where,code{font-family:ui-monospace,monospace;overflow-wrap:anywhere}
nav.views{display:flex;gap:0;margin:.5rem 0}
nav.views a{padding:.35rem .9rem;border:1px solid #1d4ed8;color:#1d4ed8;text-decoration:none}
nav.views a:first-child{border-radius:4px 0 0 4px}nav.views a:last-child{border-radius:0 4px 4px 0}
nav.views a[aria-current]{background:#1d4ed8;color:#fff;font-weight:600}
a:focus-visible{outline:3px solid #111827;outline-offset:2px}
.notice{border-left:4px solid #b45309;background:#fffbeb;padding:.5rem .75rem}
ol.frames{list-style:none;padding:0;display:grid;gap:.5rem}
ol.frames li{border:1px solid #d1d5db;border-radius:6px;padding:.5rem .75rem}
pre{white-space:pre-wrap;overflow-wrap:anywhere;background:#f3f4f6;padding:.5rem;border-radius:4px;margin:.35rem 0 0;font-size:.85rem}
pre mark{background:#fde68a;color:#111827}
</style>`;
