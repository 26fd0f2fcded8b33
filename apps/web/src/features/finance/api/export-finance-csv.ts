import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { http, type ApiRequestConfig } from '@/lib/api-client';
import type { FinanceFilters } from '../utils/date-range';
import { financeParams } from './get-finance-summary';

/** Bytes received so far, and the size when the server says it. */
export interface DownloadProgress {
  loaded: number;
  total?: number;
}

/** The file name the server gives (`attachment; filename="…"`), if any. */
export function fileNameOf(disposition: unknown): string | null {
  if (typeof disposition !== 'string') return null;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded);
    } catch {
      // A malformed encoded name: the plain one below, if any, will do.
    }
  }
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
 * Downloads the paid bills of the range as CSV through the API client (bearer, tenant and
 * language headers as on every call) and hands the file to the browser. Resolves to its name.
 */
export async function downloadFinanceCsv(
  filters: FinanceFilters,
  onProgress: (progress: DownloadProgress) => void,
): Promise<string> {
  const config: ApiRequestConfig = {
    params: financeParams(filters),
    responseType: 'arraybuffer',
    headers: { Accept: 'text/csv' },
    silent: true,
    onDownloadProgress: (event) => onProgress({ loaded: event.loaded, total: event.total }),
  };
  const response = await http.get<ArrayBuffer>('/app/finance/export.csv', config);
  const fileName =
    fileNameOf(response.headers['content-disposition']) ??
    `finance-${filters.from}-${filters.to}.csv`;
  saveFile(new Blob([response.data], { type: 'text/csv;charset=utf-8' }), fileName);
  return fileName;
}

/** The export button's call, with the download's progress while it runs. */
export function useExportFinanceCsv() {
  const [progress, setProgress] = useState<DownloadProgress | null>(null);
  const mutation = useMutation({
    mutationFn: (filters: FinanceFilters) => {
      setProgress({ loaded: 0 });
      return downloadFinanceCsv(filters, setProgress);
    },
    onSettled: () => setProgress(null),
  });
  return { mutation, progress };
}
