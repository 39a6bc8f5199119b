import { AUDIT_MESSAGES } from '@replay/contracts';
import { startProgressToast } from '../../components/progress-toast';
import { errorMessage } from '../../lib/api';
import { fetchAllTrails, type TrailsFilter } from './api';
import { trailsToCsv } from './csv';

export const EXPORT_FAILED = 'Export failed. Please try again.';

/** Hands `text` to the browser as a file download. */
export function downloadText(text: string, filename: string, type = 'text/csv;charset=utf-8'): void {
  downloadBlob(new Blob([text], { type }), filename);
}

/** Hands a file's bytes to the browser as a download. */
export function downloadBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoked on the next turn: the click has started the download by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function exportFilename(now: number): string {
  return `audit-trail-${new Date(now).toISOString().slice(0, 10)}.csv`;
}

/** Every entry of the filter (all pages) to a CSV file: 'Exporting...' then 'Export successful'. */
export async function exportTrails(filter: TrailsFilter): Promise<boolean> {
  const toast = startProgressToast(AUDIT_MESSAGES.exporting);
  try {
    const entries = await fetchAllTrails(filter);
    downloadText(trailsToCsv(entries), exportFilename(Date.now()));
    toast.success(AUDIT_MESSAGES.exported);
    return true;
  } catch (error) {
    toast.error(errorMessage(error, EXPORT_FAILED));
    return false;
  }
}
