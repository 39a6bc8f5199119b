import { escape } from '../pages.ts';

/** The instance's session and error screens' frame: a header with the way back, the page's own CSS, its parts. */

const CSS = `body{font-family:system-ui,sans-serif;margin:0;color:#1f2937;background:#fff}
header{display:flex;flex-wrap:wrap;gap:.5rem 1rem;align-items:baseline;padding:.75rem 1rem;border-bottom:1px solid #d1d5db}
header a{color:#1d4ed8}main{max-width:64rem;margin:0 auto;padding:1rem}
h1{font-size:1.5rem;margin:.5rem 0}h2{font-size:1.15rem;margin:1rem 0 .5rem}
a{color:#1d4ed8}.error{color:#b91c1c}.muted{color:#4b5563}
form.filters{display:grid;grid-template-columns:repeat(auto-fill,minmax(14rem,1fr));gap:.75rem 1rem;align-items:end}
fieldset{border:1px solid #d1d5db;padding:.5rem;margin:0;display:flex;flex-wrap:wrap;gap:.5rem}
label{display:block;font-size:.9rem}input,select,textarea{font:inherit;padding:.35rem;border:1px solid #6b7280;border-radius:4px;max-width:100%;box-sizing:border-box}
.field input,.field select,.field textarea{width:100%}fieldset select,fieldset input{width:auto}
button,.button{font:inherit;padding:.45rem .9rem;border:1px solid #1d4ed8;background:#1d4ed8;color:#fff;border-radius:4px;cursor:pointer;text-decoration:none;display:inline-block}
.button.secondary,button.secondary{background:#fff;color:#1d4ed8}
ul.sessions{list-style:none;padding:0;display:grid;gap:.75rem}
ul.sessions li{border:1px solid #d1d5db;border-radius:6px;padding:.75rem}
ul.sessions dl{display:grid;grid-template-columns:repeat(auto-fill,minmax(9rem,1fr));gap:.25rem 1rem;margin:.5rem 0 0}
dt{color:#4b5563;font-size:.85rem}dd{margin:0;overflow-wrap:anywhere}
.paging{display:flex;gap:1rem;margin-top:1rem}`;

export function shell(title: string, body: string, head = ''): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title>
<style>${CSS}</style>${head}</head>
<body><header><a href="/">Instance home</a><a href="/sessions">Sessions</a><a href="/errors">Errors</a></header>
<main>${body}</main></body></html>`;
}
