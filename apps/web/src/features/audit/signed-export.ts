import { API_PREFIX, AUDIT_MESSAGES, endpointPath, endpoints, type AuditExportFormat } from '@replay/contracts';
import { startProgressToast } from '../../components/progress-toast';
import { errorMessage, fetchApiFile } from '../../lib/api';
import { downloadBlob } from './export';

export function signedExportFilename(format: AuditExportFormat, now: number): string {
  return `audit-chain-${new Date(now).toISOString().slice(0, 10)}.${format}`;
}

/**
 * The account's whole audit chain with its signed head (GET /trails/export), saved as
 * a file: 'Exporting...' then 'Export successful'. `replay audit verify` checks it offline.
 */
export async function downloadSignedExport(format: AuditExportFormat): Promise<boolean> {
  const toast = startProgressToast(AUDIT_MESSAGES.exporting);
  try {
    const blob = await fetchApiFile(`${API_PREFIX}${endpointPath(endpoints.auditExport, undefined, { format })}`);
    downloadBlob(blob, signedExportFilename(format, Date.now()));
    toast.success(AUDIT_MESSAGES.exported);
    return true;
  } catch (error) {
    toast.error(errorMessage(error, AUDIT_MESSAGES.signedExportFailed));
    return false;
  }
}
