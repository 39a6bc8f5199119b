/** The invoice PDF's page geometry, fonts and colours, and how text is put on a page (invoice-pdf.ts draws with these). */

export type Pdf = PDFKit.PDFDocument;

export const PAGE = { width: 595.28, height: 841.89 };
export const MARGIN = 50;
export const CONTENT_WIDTH = PAGE.width - 2 * MARGIN;
/** Room kept under the content for the footer. */
export const FOOTER_SPACE = 28;
export const CONTENT_BOTTOM = PAGE.height - MARGIN - FOOTER_SPACE;

export const FONT = 'Helvetica';
export const FONT_BOLD = 'Helvetica-Bold';
export const COLOR = { text: '#1f2328', muted: '#5f6b7a', rule: '#d0d7de', band: '#f2f4f7', accent: '#1b5e20' };

export const CELL_PAD_X = 6;
export const CELL_PAD_Y = 5;
export const HEADER_HEIGHT = 22;

/** Description, Quantity, Unit price, Amount: widths add up to the content width. */
export const COLUMNS = [
  { title: 'Description', width: 232, align: 'left' },
  { title: 'Quantity', width: 86, align: 'right' },
  { title: 'Unit price', width: 104, align: 'right' },
  { title: 'Amount', width: CONTENT_WIDTH - 232 - 86 - 104, align: 'right' },
] as const;

export const SIZE = { body: 9, small: 7.5, label: 7.5, seller: 18, title: 22 };

/** One line of text at (x, y), never wrapped, never breaking the page. */
export function put(pdf: Pdf, text: string, x: number, y: number, options: { width?: number; align?: 'left' | 'right'; font?: string; size?: number; color?: string } = {}): void {
  pdf
    .font(options.font ?? FONT)
    .fontSize(options.size ?? SIZE.body)
    .fillColor(options.color ?? COLOR.text);
  const width = options.width;
  const left = width !== undefined && options.align === 'right' ? x + width - pdf.widthOfString(text) : x;
  pdf.text(text, left, y, { lineBreak: false });
}

/** Text wrapped to `width` at (x, y); answers the y under it. The caller has checked it fits the page. */
export function wrapped(pdf: Pdf, text: string, x: number, y: number, width: number, options: { font?: string; size?: number; color?: string; align?: 'left' | 'right' } = {}): number {
  pdf
    .font(options.font ?? FONT)
    .fontSize(options.size ?? SIZE.body)
    .fillColor(options.color ?? COLOR.text);
  pdf.text(text, x, y, { width, lineGap: 1, align: options.align ?? 'left' });
  return pdf.y;
}

export function heightOf(pdf: Pdf, text: string, width: number, font: string, size: number): number {
  return pdf.font(font).fontSize(size).heightOfString(text, { width, lineGap: 1 });
}

export function rule(pdf: Pdf, y: number, x1 = MARGIN, x2 = MARGIN + CONTENT_WIDTH, color: string = COLOR.rule): void {
  pdf.save().moveTo(x1, y).lineTo(x2, y).lineWidth(0.75).strokeColor(color).stroke().restore();
}
