import { escapeHtml } from '../../mail/templates';
import { invoiceTotals, type InvoiceDocument, type InvoiceDocumentLine, type InvoiceTotalRow } from './invoice-document';

/**
 * The hosted invoice page: the PDF's content (same view model, same texts) as
 * one self-contained HTML page: an inline <style>, no script, no image, every
 * value escaped. Its route sends INVOICE_PAGE_CSP with it.
 */

/** No script at all, the page's one inline <style>, never framed (as the outbox page). */
export const INVOICE_PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

export interface InvoicePageLinks {
  /** Where the PDF downloads from; no link when null. */
  pdfUrl: string | null;
}

/** A link the page may hold: http(s) or a path on this server, never a `javascript:` or `data:` URL. */
function safeHref(url: string): string {
  if (!/^(https?:\/\/|\/(?!\/))/i.test(url)) throw new Error('The invoice PDF link must be an http(s) URL or a path.');
  return escapeHtml(url);
}

const STYLE = `
:root { color-scheme: light; }
* { box-sizing: border-box; }
body { margin: 0; background: #f2f4f7; color: #1f2328; font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, Helvetica, Arial, sans-serif; }
main { max-width: 860px; margin: 2rem auto; padding: 2rem; background: #fff; border: 1px solid #d0d7de; border-radius: 8px; }
.top { display: flex; flex-wrap: wrap; justify-content: space-between; gap: 1rem; align-items: flex-start; }
.seller { margin: 0; font-size: 1.4rem; font-weight: 700; overflow-wrap: anywhere; }
.muted { color: #5f6b7a; }
.top .muted { margin: 0.1rem 0 0; font-size: 0.85rem; overflow-wrap: anywhere; }
.heading { text-align: right; margin-left: auto; }
h1 { margin: 0; font-size: 1.6rem; letter-spacing: 0.04em; }
h1 .number { display: block; font-size: 1rem; font-weight: 400; letter-spacing: 0; }
.status { display: inline-block; margin: 0.4rem 0 0; padding: 0.05rem 0.6rem; border-radius: 999px; font-size: 0.8rem; font-weight: 700; text-transform: uppercase; background: #eef0f3; color: #3d4653; }
.status-paid { background: #e6f4ea; color: #1b5e20; }
.status-open { background: #fff4e5; color: #7a4100; }
.actions { margin: 1.25rem 0 0; }
.actions a { display: inline-block; padding: 0.45rem 1rem; border-radius: 6px; background: #1f2328; color: #fff; text-decoration: none; font-weight: 600; }
.actions a:focus-visible { outline: 3px solid #4c8df6; outline-offset: 2px; }
.parties { display: flex; flex-wrap: wrap; justify-content: space-between; gap: 1.5rem; margin: 2rem 0; }
h2 { margin: 0 0 0.3rem; font-size: 0.75rem; letter-spacing: 0.06em; text-transform: uppercase; color: #5f6b7a; }
address { font-style: normal; overflow-wrap: anywhere; }
address .name { font-weight: 700; }
dl { margin: 0; display: grid; grid-template-columns: auto auto; gap: 0.15rem 1rem; }
dt { color: #5f6b7a; }
dd { margin: 0; }
.table-wrap { overflow-x: auto; }
.table-wrap:focus-visible { outline: 3px solid #4c8df6; outline-offset: 2px; }
table { width: 100%; border-collapse: collapse; }
caption { text-align: left; padding-bottom: 0.3rem; font-size: 0.75rem; font-weight: 700; letter-spacing: 0.06em; text-transform: uppercase; color: #5f6b7a; }
thead th { background: #f2f4f7; font-size: 0.8rem; }
th, td { padding: 0.55rem 0.5rem; text-align: left; vertical-align: top; }
tbody tr { border-bottom: 1px solid #d0d7de; }
tbody th { font-weight: 400; overflow-wrap: anywhere; }
.num { text-align: right; white-space: nowrap; }
.detail { display: block; font-size: 0.8rem; color: #5f6b7a; }
.trial { display: table; margin-top: 0.25rem; padding: 0 0.45rem; border-radius: 999px; background: #e6f4ea; color: #1b5e20; font-size: 0.75rem; font-weight: 700; }
tfoot th { text-align: right; font-weight: 400; }
tfoot .strong th, tfoot .strong td { font-weight: 700; border-top: 1px solid #1f2328; }
footer { margin-top: 2rem; font-size: 0.85rem; color: #5f6b7a; }
footer p { margin: 0.2rem 0; }
footer a { color: inherit; }
@media (max-width: 600px) {
  body { font-size: 14px; background: #fff; }
  main { margin: 0; padding: 1rem; border: 0; border-radius: 0; }
  .heading { text-align: left; margin-left: 0; }
  table { font-size: 13px; }
  th, td { padding: 0.5rem 0.3rem; }
  td.num { white-space: normal; }
  td.amount { white-space: nowrap; }
  .actions a { display: block; text-align: center; }
}
@media print {
  body { background: #fff; }
  main { margin: 0; border: 0; padding: 0; }
  .actions { display: none; }
}
`;

function lineRow(line: InvoiceDocumentLine): string {
  const trial = line.freeTrial ? '<span class="trial">Free trial</span>' : '';
  return `<tr>
<th scope="row">${escapeHtml(line.description)}<span class="detail">${escapeHtml(line.detail)}</span>${trial}</th>
<td class="num">${escapeHtml(line.quantity)}</td>
<td class="num">${escapeHtml(line.unitPrice)}</td>
<td class="num amount">${escapeHtml(line.amount)}</td>
</tr>`;
}

function totalRow({ label, value, strong }: InvoiceTotalRow): string {
  return `<tr${strong ? ' class="strong"' : ''}><th scope="row" colspan="3">${escapeHtml(label)}</th><td class="num">${escapeHtml(value)}</td></tr>`;
}

export function renderInvoicePage(doc: InvoiceDocument, links: InvoicePageLinks): string {
  const billTo = [`<span class="name">${escapeHtml(doc.billTo.name)}</span>`, ...(doc.billTo.accountName ? [escapeHtml(doc.billTo.accountName)] : []), ...doc.billTo.addressLines.map(escapeHtml)].join(
    '<br>\n',
  );
  const details: [string, string][] = [
    ['Invoice number', doc.number],
    ['Invoice date', doc.invoiceDate],
    ['Due date', doc.dueDate],
    ['Billing period', doc.period],
    ['Status', doc.statusLabel],
  ];
  const rows = doc.lines.length ? doc.lines.map(lineRow).join('\n') : '<tr><td colspan="4" class="muted">No usage in this period.</td></tr>';
  const download = links.pdfUrl ? `<p class="actions"><a href="${safeHref(links.pdfUrl)}" download>Download PDF</a></p>` : '';
  const email = escapeHtml(doc.seller.supportEmail);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<meta name="robots" content="noindex, nofollow">
<title>${escapeHtml(doc.title)} - ${escapeHtml(doc.seller.productName)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<header class="top">
<div>
<p class="seller">${escapeHtml(doc.seller.productName)}</p>
<p class="muted">${email}</p>
</div>
<div class="heading">
<h1>INVOICE <span class="number">${escapeHtml(doc.number)}</span></h1>
<p class="status status-${escapeHtml(doc.status)}">${escapeHtml(doc.statusLabel)}</p>
</div>
</header>
${download}
<div class="parties">
<section aria-labelledby="bill-to">
<h2 id="bill-to">Bill to</h2>
<address>
${billTo}
</address>
</section>
<section aria-labelledby="details">
<h2 id="details">Details</h2>
<dl>
${details.map(([label, value]) => `<dt>${escapeHtml(label)}</dt><dd>${escapeHtml(value)}</dd>`).join('\n')}
</dl>
</section>
</div>
<div class="table-wrap" role="region" aria-label="Invoice lines" tabindex="0">
<table>
<caption>Invoice lines</caption>
<thead>
<tr><th scope="col">Description</th><th scope="col" class="num">Quantity</th><th scope="col" class="num">Unit price</th><th scope="col" class="num">Amount</th></tr>
</thead>
<tbody>
${rows}
</tbody>
<tfoot>
${invoiceTotals(doc).map(totalRow).join('\n')}
</tfoot>
</table>
</div>
<footer>
${doc.notes.map((note) => `<p>${escapeHtml(note)}</p>`).join('\n')}
<p>Questions? Write to <a href="mailto:${email}">${email}</a>.</p>
</footer>
</main>
</body>
</html>`;
}
