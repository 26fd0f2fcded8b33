import { Button } from 'antd-mobile';
import { DownlandOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { AUDIT_EXPORT_MAX_ROWS } from '@snowgear/contracts';
import { useAppStore } from '@/features/app-state';
import { useExportAuditCsv } from '../api/export-audit-csv';
import type { AuditFilters } from '../utils/audit-filters';

/** Downloads the lines of the filters as CSV; a refusal (too many lines) shows under the button. */
export function ExportButton({ filters }: { filters: AuditFilters }) {
  const { t } = useTranslation();
  const showSuccess = useAppStore((s) => s.showSuccess);
  const exportCsv = useExportAuditCsv();
  const handleExport = () =>
    exportCsv.mutate(filters, {
      onSuccess: (name) => showSuccess(t('auditLog.exported', { name })),
    });
  return (
    <div className="audit-export">
      <Button
        block
        color="primary"
        fill="outline"
        loading={exportCsv.isPending}
        loadingText={t('auditLog.exporting')}
        aria-describedby="audit-export-hint"
        onClick={handleExport}
      >
        <DownlandOutline aria-hidden /> {t('auditLog.export')}
      </Button>
      <p id="audit-export-hint" className="audit-export__hint">
        {t('auditLog.exportHint', { max: AUDIT_EXPORT_MAX_ROWS })}
      </p>
      {exportCsv.isError && (
        <p className="audit-export__error" role="alert">
          {t('auditLog.exportFailed', { message: exportCsv.error.message })}{' '}
          <Button size="mini" fill="none" color="primary" onClick={handleExport}>
            {t('auditLog.retryExport')}
          </Button>
        </p>
      )}
    </div>
  );
}
