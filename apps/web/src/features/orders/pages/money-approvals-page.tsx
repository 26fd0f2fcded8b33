import { useState } from 'react';
import { Link } from 'react-router';
import { Button, ErrorBlock, List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { MONEY_REASON_MAX, MoneyApprovalKind, type MoneyApproval } from '@snowgear/contracts';
import { Dialog } from '@/components/antd/dialog';
import { PageHeader } from '@/components/page-header';
import { PromptDialog } from '@/components/prompt-dialog';
import { PullToRefresh } from '@/components/pull-to-refresh';
import { LoadingDots } from '@/components/loading-dots';
import { Paths } from '@/config/paths';
import { useAppStore } from '@/features/app-state';
import { WorkingStoreBar, useWorkingStore } from '@/features/stores';
import { money } from '@/lib/money';
import { storeTime } from '@/lib/store-clock';
import { useDecideApproval, usePendingApprovals } from '../api/money-approvals';

/** The request's kind as the words know it (the server sends one of these). */
function kindOf(a: MoneyApproval): MoneyApprovalKind {
  return a.kind === MoneyApprovalKind.Fee || a.kind === MoneyApprovalKind.Refund
    ? a.kind
    : MoneyApprovalKind.Discount;
}

/**
 * /store/workspace/approvals: a manager's answers to the counter — discounts, fees and refunds
 * beyond a clerk's limit, asked from the clerk's phone. Each says whom for, the gear, the rent and
 * the amount as the server priced them (an approval allows exactly that amount on that rent).
 * Approve (it allows one change within 30 minutes) or refuse with a reason; pull down to see new
 * requests.
 */
export default function MoneyApprovalsPage() {
  const { t } = useTranslation();
  const { storeId } = useWorkingStore();
  const list = usePendingApprovals(storeId);
  const decide = useDecideApproval();
  const showSuccess = useAppStore((s) => s.showSuccess);
  const showError = useAppStore((s) => s.showError);
  const [refusing, setRefusing] = useState<MoneyApproval | null>(null);

  const kindName = (a: MoneyApproval) => t(`money.approvals.kinds.${a.kind}`, a.kind);
  const handleApprove = async (a: MoneyApproval) => {
    const ok = await Dialog.confirm({
      content: t(`money.approvals.confirmApprove_${kindOf(a)}`, {
        name: a.requestedByName,
        amount: money(a.amount),
        base: money(a.base),
        customer: a.customerName || t('money.approvals.noCustomer'),
      }),
    });
    if (!ok) return;
    decide.mutate(
      { id: a.id, approve: true, reason: '' },
      {
        onSuccess: () => showSuccess(t('money.approvals.approvedToast')),
        onError: (err) => showError(err.message),
      },
    );
  };
  const handleRefuse = (reason: string) =>
    new Promise<void>((resolve, reject) => {
      decide.mutate(
        { id: refusing!.id, approve: false, reason },
        {
          onSuccess: () => {
            showSuccess(t('money.approvals.refusedToast'));
            resolve();
          },
          onError: (err) => reject(err),
        },
      );
    });

  return (
    <div className="approvals-page">
      <PageHeader title={t('money.approvals.title')} backTo={Paths.workspace} />
      <WorkingStoreBar />
      <PullToRefresh onRefresh={() => list.refetch()}>
        {list.isPending ? (
          <div className="approvals-page__loading">
            <LoadingDots />
          </div>
        ) : list.isError ? (
          <ErrorBlock status="default" title={list.error.message} />
        ) : list.data.length === 0 ? (
          <p className="approvals-page__empty">{t('money.approvals.empty')}</p>
        ) : (
          <List>
            {list.data.map((a) => (
              <List.Item
                key={a.id}
                description={
                  <div className="approvals-page__details">
                    <div>
                      {t('money.approvals.customer', {
                        name: a.customerName || t('money.approvals.noCustomer'),
                      })}
                    </div>
                    {a.gear.length > 0 && (
                      <div>
                        {t('money.approvals.gear')}
                        <ul className="approvals-page__gear">
                          {a.gear.map((line, i) => (
                            <li key={i}>{line}</li>
                          ))}
                        </ul>
                      </div>
                    )}
                    <div className="approvals-page__figures">
                      {t(`money.approvals.figures_${kindOf(a)}`, {
                        base: money(a.base),
                        amount: money(a.amount),
                      })}
                      {a.percent !== null &&
                        t('money.approvals.percentOfRent', { percent: a.percent })}
                    </div>
                    <div>{t('money.approvals.reason', { reason: a.reason })}</div>
                    <div>
                      {a.orderId && a.orderNumber ? (
                        <Link to={Paths.storeOrderDetail(a.orderId)}>
                          {t('money.approvals.order', { number: a.orderNumber })}
                        </Link>
                      ) : (
                        t('money.approvals.newOrder')
                      )}
                      {' · '}
                      {t('money.approvals.requestedBy', {
                        name: a.requestedByName,
                        time: storeTime(a.createdAt, 'HH:mm'),
                      })}
                    </div>
                    <div className="approvals-page__actions">
                      <Button
                        color="danger"
                        fill="outline"
                        disabled={decide.isPending}
                        onClick={() => setRefusing(a)}
                      >
                        {t('money.approvals.refuse')}
                      </Button>
                      <Button
                        color="primary"
                        loading={decide.isPending && decide.variables?.id === a.id}
                        onClick={() => void handleApprove(a)}
                      >
                        {t('money.approvals.approve')}
                      </Button>
                    </div>
                  </div>
                }
              >
                <strong>
                  {t('money.approvals.amount', { kind: kindName(a), amount: money(a.amount) })}
                </strong>
              </List.Item>
            ))}
          </List>
        )}
      </PullToRefresh>
      <PromptDialog
        visible={!!refusing}
        title={t('money.approvals.refuseTitle')}
        placeholder={t('money.approvals.refusePlaceholder')}
        emptyError={t('money.approval.reasonRequired')}
        maxLength={MONEY_REASON_MAX}
        confirmText={t('money.approvals.refuse')}
        cancelText={t('money.approval.close')}
        danger
        onSubmit={handleRefuse}
        onClose={() => setRefusing(null)}
      />
    </div>
  );
}
