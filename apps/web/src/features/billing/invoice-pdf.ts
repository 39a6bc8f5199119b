import type { Invoice } from '@replay/contracts';
import { fetchApiBlob } from './api';

/** How long the object URL outlives the click: the browser reads it while the download starts. */
const REVOKE_AFTER_MS = 30_000;

/**
 * Saves an invoice's PDF as '{number}.pdf'. The PDF is under the API and needs the
 * session's token, which a plain link cannot send: it is fetched, then handed to the
 * browser as a download (a new tab opened after an await is what pop-up blockers stop).
 */
export async function downloadInvoicePdf(invoice: Pick<Invoice, 'invoicePdf' | 'number'>): Promise<void> {
  const blob = await fetchApiBlob(invoice.invoicePdf);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `${invoice.number}.pdf`;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}
