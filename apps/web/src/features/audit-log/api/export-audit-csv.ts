import { useMutation } from '@tanstack/react-query';
import { http, type ApiRequestConfig } from '@/lib/api-client';
import { auditParams, type AuditFilters } from '../utils/audit-filters';

/** The file name the server gives (`attachment; filename="…"`), if any. */
function fileNameOf(disposition: unknown): string | null {
  if (typeof disposition !== 'string') return null;
  return /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? null;
}

function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Some browsers read the file after click() returns.
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * Downloads the lines of the filters as CSV through the API client (bearer, tenant and language
 * headers as on every call) and hands the file to the browser. Resolves to its name; a refusal
 * (too many lines, another store) rejects with the server's words.
 */
export async function downloadAuditCsv(filters: AuditFilters): Promise<string> {
  const config: ApiRequestConfig = {
    params: auditParams(filters),
    responseType: 'arraybuffer',
    headers: { Accept: 'text/csv' },
    silent: true,
  };
  const response = await http.get<ArrayBuffer>('/app/audit-log/export.csv', config);
  const fileName =
    fileNameOf(response.headers['content-disposition']) ??
    `audit-log-${filters.from}-${filters.to}.csv`;
  saveFile(new Blob([response.data], { type: 'text/csv;charset=utf-8' }), fileName);
  return fileName;
}

export function useExportAuditCsv() {
  return useMutation({ mutationFn: downloadAuditCsv });
}
