import { useTranslation } from 'react-i18next';
import type { FinanceAgents } from '@snowgear/contracts';
import { formatYuan } from '../utils/money';

/** Each agent's orders, revenue and commission in the range, with the totals. */
export function AgentsSection({ report }: { report: FinanceAgents }) {
  const { t } = useTranslation();
  return (
    <section className="finance-section" aria-labelledby="finance-agents-title">
      <h2 id="finance-agents-title" className="section-title">
        {t('finance.agents.title')}
      </h2>
      <p className="section-tip">{t('finance.agents.note', { rate: report.commissionRate })}</p>
      {report.agents.length === 0 ? (
        <p className="finance-empty">{t('finance.agents.empty')}</p>
      ) : (
        <table className="finance-table" aria-labelledby="finance-agents-title">
          <thead>
            <tr>
              <th scope="col">{t('finance.agents.agent')}</th>
              <th scope="col">{t('finance.agents.ordersCol')}</th>
              <th scope="col">{t('finance.agents.revenueCol')}</th>
              <th scope="col">{t('finance.agents.commissionCol')}</th>
            </tr>
          </thead>
          <tbody>
            {report.agents.map((a) => (
              <tr key={a.agentId}>
                <th scope="row">{a.name}</th>
                <td>
                  {a.orders}
                  <small>{t('finance.agents.paidOf', { paid: a.paidOrders })}</small>
                </td>
                <td>{formatYuan(a.revenue)}</td>
                <td>{formatYuan(a.commission)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{t('finance.total')}</th>
              <td>
                {report.totals.orders}
                <small>{t('finance.agents.paidOf', { paid: report.totals.paidOrders })}</small>
              </td>
              <td>{formatYuan(report.totals.revenue)}</td>
              <td>{formatYuan(report.totals.commission)}</td>
            </tr>
          </tfoot>
        </table>
      )}
    </section>
  );
}
