import PDFDocument from 'pdfkit';
import { invoiceTotals, type InvoiceDocument, type InvoiceDocumentLine } from './invoice-document';
import { type Pdf, PAGE, MARGIN, CONTENT_WIDTH, CONTENT_BOTTOM, FONT, FONT_BOLD, COLOR, CELL_PAD_X, CELL_PAD_Y, HEADER_HEIGHT, COLUMNS, SIZE, put, wrapped, heightOf, rule } from './invoice-pdf-text';

/**
 * The invoice as a PDF (A4, pdfkit's built-in Helvetica: no font file). Every
 * text comes formatted from the view model (invoice-document.ts), so the PDF
 * and the hosted page say the same. The same document renders the same bytes:
 * the creation date is the invoice's, and pdfkit derives the file ID from it.
 *
 * The built-in fonts are WinAnsi: Latin-1 letters, dashes and quotes render,
 * other scripts do not (embedding a Unicode font would need a font file).
 */

export function renderInvoicePdf(doc: InvoiceDocument): Promise<Buffer> {
  const created = new Date(doc.createdAtMs);
  const pdf: Pdf = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    bufferPages: true,
    lang: 'en-US',
    displayTitle: true,
    info: {
      Title: doc.title,
      Author: doc.seller.productName,
      Subject: `${doc.title}, ${doc.period}`,
      Creator: doc.seller.productName,
      CreationDate: created,
      ModDate: created,
    },
  });
  const bytes = new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  try {
    let y = drawHeading(pdf, doc);
    y = drawParties(pdf, doc, y + 28);
    y = drawLines(pdf, doc, y + 28);
    y = drawTotals(pdf, doc, y + TOTALS_GAP);
    drawNotes(pdf, doc, y + NOTES_GAP);
    drawFooters(pdf, doc);
    pdf.end();
  } catch (error) {
    pdf.destroy(error instanceof Error ? error : new Error(String(error)));
  }
  return bytes;
}

/** Seller top left; INVOICE, the number and the status top right. Answers the y under it. */
function drawHeading(pdf: Pdf, doc: InvoiceDocument): number {
  const sellerWidth = CONTENT_WIDTH - 200;
  let left = wrapped(pdf, doc.seller.productName, MARGIN, MARGIN, sellerWidth, { font: FONT_BOLD, size: SIZE.seller });
  left = wrapped(pdf, doc.seller.supportEmail, MARGIN, left + 2, sellerWidth, { size: SIZE.small, color: COLOR.muted });

  const right = MARGIN + CONTENT_WIDTH - 200;
  put(pdf, 'INVOICE', right, MARGIN, { width: 200, align: 'right', font: FONT_BOLD, size: SIZE.title });
  put(pdf, doc.number, right, MARGIN + 27, { width: 200, align: 'right', size: 11 });
  put(pdf, doc.statusLabel.toUpperCase(), right, MARGIN + 43, {
    width: 200,
    align: 'right',
    font: FONT_BOLD,
    size: SIZE.small,
    color: doc.status === 'paid' ? COLOR.accent : COLOR.muted,
  });
  return Math.max(left, MARGIN + 55);
}

/** Bill-to on the left, the invoice's dates on the right. Answers the y under the taller. */
function drawParties(pdf: Pdf, doc: InvoiceDocument, top: number): number {
  const leftWidth = 250;
  put(pdf, 'BILL TO', MARGIN, top, { font: FONT_BOLD, size: SIZE.label, color: COLOR.muted });
  let left = wrapped(pdf, doc.billTo.name, MARGIN, top + 13, leftWidth, { font: FONT_BOLD });
  if (doc.billTo.accountName) left = wrapped(pdf, doc.billTo.accountName, MARGIN, left + 1, leftWidth);
  for (const line of doc.billTo.addressLines) left = wrapped(pdf, line, MARGIN, left + 1, leftWidth);

  const labelX = MARGIN + CONTENT_WIDTH - 230;
  const valueX = labelX + 85;
  const valueWidth = MARGIN + CONTENT_WIDTH - valueX;
  put(pdf, 'DETAILS', labelX, top, { font: FONT_BOLD, size: SIZE.label, color: COLOR.muted });
  let right = top + 13;
  const details: [string, string][] = [
    ['Invoice number', doc.number],
    ['Invoice date', doc.invoiceDate],
    ['Due date', doc.dueDate],
    ['Billing period', doc.period],
    ['Status', doc.statusLabel],
  ];
  for (const [label, value] of details) {
    put(pdf, label, labelX, right, { color: COLOR.muted });
    right = wrapped(pdf, value, valueX, right, valueWidth) + 3;
  }
  return Math.max(left, right);
}

function drawTableHeader(pdf: Pdf, top: number): number {
  pdf.save().rect(MARGIN, top, CONTENT_WIDTH, HEADER_HEIGHT).fill(COLOR.band).restore();
  let x = MARGIN;
  for (const column of COLUMNS) {
    put(pdf, column.title, x + CELL_PAD_X, top + 7, {
      width: column.width - 2 * CELL_PAD_X,
      align: column.align,
      font: FONT_BOLD,
      size: SIZE.small,
    });
    x += column.width;
  }
  return top + HEADER_HEIGHT;
}

/** A page after the first: the invoice it continues, so a loose page still says whose it is. */
function continuationPage(pdf: Pdf, doc: InvoiceDocument): number {
  pdf.addPage();
  put(pdf, `${doc.seller.productName} · ${doc.title} (continued)`, MARGIN, MARGIN, { size: SIZE.small, color: COLOR.muted });
  return MARGIN + 20;
}

const DESCRIPTION_WIDTH = COLUMNS[0].width - 2 * CELL_PAD_X;

/** The quantity, unit price and amount cells with their column: each wraps (right-aligned) when it is wider. */
function numberCells(line: InvoiceDocumentLine): { text: string; x: number; width: number }[] {
  let x = MARGIN + COLUMNS[0].width;
  return [line.quantity, line.unitPrice, line.amount].map((text, i) => {
    const column = COLUMNS[i + 1]!;
    const cell = { text, x: x + CELL_PAD_X, width: column.width - 2 * CELL_PAD_X };
    x += column.width;
    return cell;
  });
}

function rowHeight(pdf: Pdf, line: InvoiceDocumentLine): number {
  let description = heightOf(pdf, line.description, DESCRIPTION_WIDTH, FONT, SIZE.body);
  description += 2 + heightOf(pdf, line.detail, DESCRIPTION_WIDTH, FONT, SIZE.small);
  if (line.freeTrial) description += 2 + heightOf(pdf, 'Free trial', DESCRIPTION_WIDTH, FONT_BOLD, SIZE.small);
  const numbers = numberCells(line).map((cell) => heightOf(pdf, cell.text, cell.width, FONT, SIZE.body));
  return Math.max(description, ...numbers) + 2 * CELL_PAD_Y;
}

function drawRow(pdf: Pdf, line: InvoiceDocumentLine, top: number, height: number): void {
  const textTop = top + CELL_PAD_Y;
  let y = wrapped(pdf, line.description, MARGIN + CELL_PAD_X, textTop, DESCRIPTION_WIDTH);
  y = wrapped(pdf, line.detail, MARGIN + CELL_PAD_X, y + 2, DESCRIPTION_WIDTH, { size: SIZE.small, color: COLOR.muted });
  if (line.freeTrial) wrapped(pdf, 'Free trial', MARGIN + CELL_PAD_X, y + 2, DESCRIPTION_WIDTH, { font: FONT_BOLD, size: SIZE.small, color: COLOR.accent });
  for (const cell of numberCells(line)) wrapped(pdf, cell.text, cell.x, textTop, cell.width, { align: 'right' });
  rule(pdf, top + height);
}

/** The totals' rows and the notes under them. */
const TOTALS_ROWS = 4;
const TOTALS_ROW_STEP = 18;
const TOTALS_GAP = 14;
const NOTES_GAP = 18;

function closingHeight(pdf: Pdf, doc: InvoiceDocument): number {
  const notes = doc.notes.reduce((sum, note) => sum + heightOf(pdf, note, CONTENT_WIDTH, FONT, SIZE.small) + 2, 0);
  return TOTALS_GAP + TOTALS_ROWS * TOTALS_ROW_STEP + NOTES_GAP + notes;
}

/**
 * The lines table, its header repeated on every page it runs onto. The last
 * row goes over with the totals when they would not fit under it, so no page
 * holds totals without a line of the table above them. Answers the y under it.
 */
function drawLines(pdf: Pdf, doc: InvoiceDocument, top: number): number {
  let y = drawTableHeader(pdf, top);
  if (doc.lines.length === 0) {
    put(pdf, 'No usage in this period.', MARGIN + CELL_PAD_X, y + CELL_PAD_Y, { color: COLOR.muted });
    rule(pdf, y + 2 * CELL_PAD_Y + 12);
    return y + 2 * CELL_PAD_Y + 12;
  }
  const closing = closingHeight(pdf, doc);
  doc.lines.forEach((line, i) => {
    const height = rowHeight(pdf, line);
    const needed = i === doc.lines.length - 1 ? height + closing : height;
    if (y + needed > CONTENT_BOTTOM) y = drawTableHeader(pdf, continuationPage(pdf, doc));
    drawRow(pdf, line, y, height);
    y += height;
  });
  return y;
}

/** Subtotal, total, amount paid, amount due, right-aligned under the table. Answers the y under them. */
function drawTotals(pdf: Pdf, doc: InvoiceDocument, top: number): number {
  const rows = invoiceTotals(doc);
  let y = top;
  if (y + rows.length * TOTALS_ROW_STEP > CONTENT_BOTTOM) y = continuationPage(pdf, doc);
  const width = 220;
  const x = MARGIN + CONTENT_WIDTH - width;
  for (const row of rows) {
    if (row.strong) rule(pdf, y - 4, x, x + width, row.strong ? COLOR.text : COLOR.rule);
    const font = row.strong ? FONT_BOLD : FONT;
    const size = row.strong ? 10.5 : SIZE.body;
    put(pdf, row.label, x + CELL_PAD_X, y, { font, size });
    put(pdf, row.value, x, y, { width: width - CELL_PAD_X, align: 'right', font, size });
    y += TOTALS_ROW_STEP;
  }
  return y;
}

function drawNotes(pdf: Pdf, doc: InvoiceDocument, top: number): void {
  let y = top;
  for (const note of doc.notes) {
    const height = heightOf(pdf, note, CONTENT_WIDTH, FONT, SIZE.small);
    if (y + height > CONTENT_BOTTOM) y = continuationPage(pdf, doc);
    y = wrapped(pdf, note, MARGIN, y, CONTENT_WIDTH, { size: SIZE.small, color: COLOR.muted }) + 2;
  }
}

/** Every page's footer: the support address and 'Page N of M', drawn once the page count is known. */
function drawFooters(pdf: Pdf, doc: InvoiceDocument): void {
  const { start, count } = pdf.bufferedPageRange();
  const y = PAGE.height - MARGIN + 4;
  for (let i = start; i < start + count; i++) {
    pdf.switchToPage(i);
    // Text under the bottom margin would make pdfkit open a page: the footer may use the margin.
    const bottom = pdf.page.margins.bottom;
    pdf.page.margins.bottom = 0;
    rule(pdf, y - 8);
    const pageText = `Page ${i - start + 1} of ${count}`;
    pdf.font(FONT).fontSize(SIZE.small);
    const room = CONTENT_WIDTH - pdf.widthOfString(pageText) - 12;
    const full = `${doc.title} · Questions? ${doc.seller.supportEmail}`;
    put(pdf, pdf.widthOfString(full) <= room ? full : `Questions? ${doc.seller.supportEmail}`, MARGIN, y, { size: SIZE.small, color: COLOR.muted });
    put(pdf, pageText, MARGIN, y, { width: CONTENT_WIDTH, align: 'right', size: SIZE.small, color: COLOR.muted });
    pdf.page.margins.bottom = bottom;
  }
}
