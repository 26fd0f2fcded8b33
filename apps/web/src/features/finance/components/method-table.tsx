import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { FINANCE_METHODS, type FinanceSummary } from '@snowgear/contracts';
import { formatYuan } from '../utils/money';

type KnownMethod = (typeof FINANCE_METHODS)[number];
const isKnown = (method: string): method is KnownMethod =>
  (FINANCE_METHODS as readonly string[]).includes(method);

/** A payment method's name: cash, WeChat Pay, Alipay, or what the records call another one. */
export function methodLabel(t: TFunction, method: string | null): string {
  if (!method) return '';
  return isKnown(method) ? t(`finance.methods.${method}`) : t('finance.otherMethod', { method });
}

/** Takings and refunds by payment method, with their counts and a total row. */
export function MethodTable({ summary }: { summary: FinanceSummary }) {
  const { t } = useTranslation();
  const count = (n: number) => t('finance.bills', { count: n });
  const paymentCount = summary.byMethod.reduce((n, m) => n + m.paymentCount, 0);
  const refundCount = summary.byMethod.reduce((n, m) => n + m.refundCount, 0);
  return (
    <section className="finance-section" aria-labelledby="finance-methods-title">
      <h2 id="finance-methods-title" className="section-title">
        {t('finance.byMethod')}
      </h2>
      <table className="finance-table" aria-labelledby="finance-methods-title">
        <thead>
          <tr>
            <th scope="col">{t('finance.method')}</th>
            <th scope="col">{t('finance.paymentsCol')}</th>
            <th scope="col">{t('finance.refundsCol')}</th>
            <th scope="col">{t('finance.netCol')}</th>
          </tr>
        </thead>
        <tbody>
          {summary.byMethod.map((m) => (
            <tr key={m.method}>
              <th scope="row">{methodLabel(t, m.method)}</th>
              <td>
                {formatYuan(m.payments)}
                <small>{count(m.paymentCount)}</small>
              </td>
              <td>
                {formatYuan(m.refunds)}
                <small>{count(m.refundCount)}</small>
              </td>
              <td>{formatYuan(m.net)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{t('finance.total')}</th>
            <td>
              {formatYuan(summary.totals.payments)}
              <small>{count(paymentCount)}</small>
            </td>
            <td>
              {formatYuan(summary.totals.refunds)}
              <small>{count(refundCount)}</small>
            </td>
            <td>{formatYuan(summary.totals.net)}</td>
          </tr>
        </tfoot>
      </table>
    </section>
  );
}
