import { useState } from 'react';
import { Button, Input, Tabs } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import {
  MONEY_REASON_MAX,
  MoneyApprovalStatus,
  type ManagerApproval,
  type MoneyApprovalDraft,
  type MoneyApprovalKind,
} from '@snowgear/contracts';
import { ActionPanel, PanelActions } from '@/components/action-panel';
import { LoadingDots } from '@/components/loading-dots';
import { money } from '@/lib/money';
import { useApproval, useAskApproval, useWithdrawApproval } from '../api/money-approvals';

/** How a manager allowed a change beyond the clerk's limit, as the change's request carries it. */
export type ApprovalWay = { approval: ManagerApproval } | { approvalId: string };

export interface ApprovalSheetProps {
  visible: boolean;
  storeId: string;
  /** The order changed; none while a new order is being created. */
  orderId?: string;
  /**
   * Without an order: the new order's lines, window and customer, sent with a request to the
   * manager's phone. The server prices them itself, and the approval allows this amount on the
   * rent it finds there, nothing else.
   */
  draft?: MoneyApprovalDraft;
  kind: MoneyApprovalKind;
  /** Yuan: what is asked, the rent it is measured against (shown here) and the clerk's limit. */
  amount: number;
  base: number;
  limit: number;
  percent: number;
  initialReason?: string;
  /** The change is being sent with the approval. */
  busy?: boolean;
  /** The change's refusal (wrong password, not a manager): shown here, where it can be fixed. */
  error?: string | null;
  onClose: () => void;
  onApproved: (way: ApprovalWay) => void;
}

/**
 * Beyond a clerk's limit: a manager approves on the spot, signing in on this phone (used for
 * this one change, no session made), or on their own phone, while this screen waits for the
 * answer (asking again every few seconds; the request can be withdrawn).
 */
export function ApprovalSheet(props: ApprovalSheetProps) {
  const { t } = useTranslation();
  return (
    <ActionPanel visible={props.visible} title={t('money.approval.title')} onClose={props.onClose}>
      <ApprovalSheetBody {...props} />
    </ActionPanel>
  );
}

function ApprovalSheetBody({
  storeId,
  orderId,
  draft,
  kind,
  amount,
  base,
  limit,
  percent,
  initialReason,
  busy,
  error,
  onClose,
  onApproved,
}: ApprovalSheetProps) {
  const { t } = useTranslation();
  const [way, setWay] = useState<'here' | 'phone'>('here');
  const [reason, setReason] = useState(initialReason ?? '');
  const [userName, setUserName] = useState('');
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [requestId, setRequestId] = useState<string | null>(null);
  const ask = useAskApproval();
  const withdraw = useWithdrawApproval();
  const request = useApproval(requestId);
  const answer = request.data;

  const reasonMissing = () => {
    if (reason.trim()) return false;
    setProblem(t('money.approval.reasonRequired'));
    return true;
  };
  const handleHere = () => {
    if (reasonMissing()) return;
    if (!userName.trim() || !password) {
      setProblem(t('money.approval.credentialsRequired'));
      return;
    }
    setProblem(null);
    onApproved({ approval: { userName: userName.trim(), password, reason: reason.trim() } });
  };
  const handleSend = () => {
    if (reasonMissing()) return;
    setProblem(null);
    ask.mutate(
      { storeId, kind, amount, reason: reason.trim(), ...(orderId ? { orderId } : { draft }) },
      {
        onSuccess: (created) => setRequestId(created.id),
        onError: (err) => setProblem(err.message),
      },
    );
  };
  const handleWithdraw = () => {
    if (requestId) withdraw.mutate(requestId);
    setRequestId(null);
  };

  const waiting = !!requestId && (!answer || answer.status === MoneyApprovalStatus.Pending);
  const usable = answer?.status === MoneyApprovalStatus.Approved && !answer.expired;

  return (
    <div className="approval-sheet">
      <p className="order-panel__tip">
        {t(`money.approval.summary_${kind}`, {
          amount: money(amount),
          limit: money(limit),
          base: money(base),
          percent,
        })}
      </p>
      <label className="approval-sheet__field">
        <span>{t('money.approval.reason')}</span>
        <Input
          placeholder={t('money.approval.reasonPlaceholder')}
          value={reason}
          maxLength={MONEY_REASON_MAX}
          disabled={!!requestId}
          onChange={(v) => {
            setReason(v);
            setProblem(null);
          }}
        />
      </label>
      <Tabs
        activeKey={way}
        onChange={(key) => {
          setWay(key === 'phone' ? 'phone' : 'here');
          setProblem(null);
        }}
      >
        <Tabs.Tab title={t('money.approval.here')} key="here">
          <label className="approval-sheet__field">
            <span>{t('money.approval.userName')}</span>
            <Input autoComplete="off" value={userName} onChange={setUserName} />
          </label>
          <label className="approval-sheet__field">
            <span>{t('money.approval.password')}</span>
            <Input type="password" autoComplete="off" value={password} onChange={setPassword} />
          </label>
          <p className="order-panel__tip">{t('money.approval.hereHint')}</p>
          <PanelActions error={problem ?? error ?? null}>
            <Button block size="large" onClick={onClose}>
              {t('money.approval.close')}
            </Button>
            <Button block size="large" color="primary" loading={busy} onClick={handleHere}>
              {t('money.approval.approveHere')}
            </Button>
          </PanelActions>
        </Tabs.Tab>
        <Tabs.Tab title={t('money.approval.phone')} key="phone">
          {!requestId && <p className="order-panel__tip">{t('money.approval.phoneHint')}</p>}
          {waiting && (
            <p className="approval-sheet__status" role="status">
              {t('money.approval.waiting')} <LoadingDots />
            </p>
          )}
          {usable && (
            <p className="approval-sheet__status approval-sheet__status--ok" role="status">
              {t('money.approval.approved', { name: answer.decidedByName ?? '' })}
            </p>
          )}
          {answer?.status === MoneyApprovalStatus.Refused && (
            <p className="approval-sheet__status approval-sheet__status--refused" role="alert">
              {t('money.approval.refused', {
                name: answer.decidedByName ?? '',
                reason: answer.reason,
              })}
            </p>
          )}
          {answer?.expired && (
            <p className="approval-sheet__status" role="alert">
              {t('money.approval.expired')}
            </p>
          )}
          <PanelActions error={problem ?? (usable ? (error ?? null) : null)}>
            {waiting ? (
              <Button block size="large" loading={withdraw.isPending} onClick={handleWithdraw}>
                {t('money.approval.withdraw')}
              </Button>
            ) : (
              <Button block size="large" onClick={onClose}>
                {t('money.approval.close')}
              </Button>
            )}
            {usable ? (
              <Button
                block
                size="large"
                color="primary"
                loading={busy}
                onClick={() => onApproved({ approvalId: answer.id })}
              >
                {t('money.approval.submitApproved')}
              </Button>
            ) : requestId && !waiting ? (
              <Button block size="large" color="primary" onClick={() => setRequestId(null)}>
                {t('money.approval.askAgain')}
              </Button>
            ) : (
              <Button
                block
                size="large"
                color="primary"
                loading={ask.isPending}
                disabled={waiting}
                onClick={handleSend}
              >
                {t('money.approval.send')}
              </Button>
            )}
          </PanelActions>
        </Tabs.Tab>
      </Tabs>
    </div>
  );
}
