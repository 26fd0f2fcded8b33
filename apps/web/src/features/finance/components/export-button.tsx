import { Button, ProgressBar } from 'antd-mobile';
import { DownlandOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '@/features/app-state';
import { useExportFinanceCsv, type DownloadProgress } from '../api/export-finance-csv';
import type { FinanceFilters } from '../utils/date-range';

const percentOf = (p: DownloadProgress | null) =>
  p?.total ? Math.min(100, Math.round((p.loaded / p.total) * 100)) : null;

/** Downloads the range's paid bills as a CSV file, showing how far it got and why it failed. */
export function ExportButton({ filters }: { filters: FinanceFilters }) {
  const { t } = useTranslation();
  const showSuccess = useAppStore((s) => s.showSuccess);
  const { mutation, progress } = useExportFinanceCsv();
  const percent = percentOf(progress);

  const handleExport = () =>
    mutation.mutate(filters, {
      onSuccess: (fileName) => showSuccess(t('finance.exported', { name: fileName })),
    });

  let status = t('finance.exporting');
  if (percent !== null) status = t('finance.exportProgress', { percent });
  else if (progress && progress.loaded > 0)
    status = t('finance.exportBytes', { size: Math.ceil(progress.loaded / 1024) });

  return (
    <section className="finance-export">
      <Button
        block
        color="primary"
        fill="outline"
        loading={mutation.isPending}
        loadingText={t('finance.exporting')}
        aria-describedby="finance-export-hint"
        onClick={handleExport}
      >
        <DownlandOutline aria-hidden /> {t('finance.export')}
      </Button>
      <p id="finance-export-hint" className="section-tip">
        {t('finance.exportHint')}
      </p>
      {mutation.isPending && (
        <div className="finance-export__progress" role="status" aria-live="polite">
          <ProgressBar percent={percent ?? 0} />
          <span>{status}</span>
        </div>
      )}
      {mutation.isError && (
        <p className="finance-export__error" role="alert">
          {t('finance.exportFailed', { message: mutation.error.message })}{' '}
          <Button size="mini" fill="none" color="primary" onClick={handleExport}>
            {t('finance.retryExport')}
          </Button>
        </p>
      )}
    </section>
  );
}
