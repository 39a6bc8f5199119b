/**
 * A page of `rows` table rows as an rrweb FullSnapshot (tens of kB, as real ones are): what the
 * ingest and replay benches record. `rowText` words each row.
 */
export function fullSnapshot(timestamp: number, rows: number, rowText: (i: number) => string) {
  let id = 10;
  const row = (i: number) => ({ type: 2, id: id++, tagName: 'tr', attributes: { class: 'row' }, childNodes: [{ type: 3, id: id++, textContent: rowText(i) }] });
  const table = { type: 2, id: 5, tagName: 'table', attributes: {}, childNodes: Array.from({ length: rows }, (_, i) => row(i)) };
  const html = {
    type: 2,
    id: 2,
    tagName: 'html',
    attributes: {},
    childNodes: [
      { type: 2, id: 3, tagName: 'head', attributes: {}, childNodes: [] },
      { type: 2, id: 4, tagName: 'body', attributes: {}, childNodes: [table] },
    ],
  };
  return { type: 2, timestamp, data: { node: { type: 0, id: 1, childNodes: [html] }, initialOffset: { top: 0, left: 0 } } };
}
