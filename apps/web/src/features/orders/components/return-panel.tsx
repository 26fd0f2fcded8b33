import { useEffect, useRef, useState } from 'react';
import { Button, Input, List, Selector } from 'antd-mobile';
import { Dialog } from '@/components/antd/dialog';
import { ScanningOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { ActionPanel, PanelActions } from '@/components/action-panel';
import { DraftNotice } from '@/components/draft-notice';
import { ReturnState, type Order } from '@snowgear/contracts';
import { useAppStore } from '@/features/app-state';
import { useSession } from '@/features/auth';
import { playSound, SoundKind } from '@/features/audio';
import {
  useBatchScan,
  type ScanVerdict,
  useWedgeTarget,
  extractSerialNumber,
} from '@/features/scanner';
import { drafts } from '@/lib/drafts';
import { isMoneyText } from '@/lib/money';
import { useKeptDraft } from '@/lib/use-kept-draft';
import { useReturnItems } from '../api/order-actions';
import { ReturnLateFeeLines, WaiveLateFeeButton } from './late-fee';
import {
  DamageNote,
  damagePhotoFor,
  NO_DAMAGE_NOTE,
  type DamageValue,
} from '@/features/damage-notes';

const PICKUP_TO_RETURN = {
  fine: ReturnState.Returned,
  damaged: ReturnState.Damaged,
  lost: ReturnState.Lost,
} as const;

interface Choice {
  state: ReturnState;
  damageFee: string;
}

/**
 * Return check-in: each item still out is marked fine, damaged or lost (with a damage fee);
 * damaged or lost needs a confirmation. Items left unmarked stay out.
 */
export function ReturnPanel({
  order,
  visible,
  onClose,
  preselect,
}: {
  order: Order;
  visible: boolean;
  onClose: () => void;
  /** An item scanned or opened at the counter: its line comes ticked as returned (on mount). */
  preselect?: string | null;
}) {
  const { t } = useTranslation();
  const showSuccess = useAppStore((s) => s.showSuccess);
  const returnItems = useReturnItems();
  const out = order.items.filter((i) => !i.returnState && i.equipmentId);
  // What the driver reported at the pickup comes ticked; a damage fee is still the store's.
  const reported: Record<string, Choice> = Object.fromEntries(
    out.flatMap((i) =>
      i.pickupState ? [[i.id, { state: PICKUP_TO_RETURN[i.pickupState], damageFee: '' }]] : [],
    ),
  );
  // What was ticked and not yet sent is kept 24 hours, per user and order (lib/drafts.ts).
  const userId = useSession((s) => s.user?.id);
  const kept = useKeptDraft<Record<string, Choice>>(
    userId ? drafts.key('return-check', userId, order.id) : undefined,
    reported,
  );
  // Of a kept draft, only the items still out (none left: nothing to restore).
  const [restored] = useState(() => {
    const still = Object.entries(kept.restored ?? {}).filter(([id]) =>
      out.some((i) => i.id === id),
    );
    return still.length > 0 ? Object.fromEntries(still) : null;
  });
  const [choices, setChoices] = useState<Record<string, Choice>>(() => {
    const start = restored ?? reported;
    const line = out.find((i) => i.equipmentId === preselect);
    return line && !start[line.id]
      ? { ...start, [line.id]: { state: ReturnState.Returned, damageFee: '' } }
      : start;
  });
  // Opening the panel changes nothing; sending forgets the draft (skipKeep, below).
  const skipKeep = useRef(true);
  useEffect(() => {
    if (skipKeep.current) {
      skipKeep.current = false;
      return;
    }
    kept.keep(choices);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- kept when the ticks change
  }, [choices]);
  const [error, setError] = useState<string | null>(null);
  // A photo and a note on a damaged or lost item (not in the kept draft: photos are files).
  const [notes, setNotes] = useState<Record<string, DamageValue>>({});

  const choose = (id: string, patch: Partial<Choice>) =>
    setChoices((prev) => ({
      ...prev,
      [id]: { state: ReturnState.Returned, damageFee: '', ...prev[id], ...patch },
    }));

  // Scan-first: each label scanned (camera kept open, or barcode gun) ticks its item as returned,
  // so a family's kit comes back with one scan per item and one confirmation.
  const tickScanned = (raw: string): ScanVerdict => {
    const code = extractSerialNumber(raw).trim();
    const line = out.find((i) => i.barcodeNumber?.toLowerCase() === code.toLowerCase());
    if (!line) {
      const message = t('orders.returnCheck.notOut', { barcode: code });
      playSound(SoundKind.scanError);
      setError(message);
      return { ok: false, title: code, detail: message };
    }
    playSound(SoundKind.scanSuccess);
    setError(null);
    setChoices((prev) =>
      prev[line.id] ? prev : { ...prev, [line.id]: { state: ReturnState.Returned, damageFee: '' } },
    );
    return {
      ok: true,
      title: line.equipmentName,
      detail: t('orders.returnCheck.ticked', { barcode: line.barcodeNumber }),
    };
  };
  useWedgeTarget(tickScanned, visible);
  const { scanMany, scanning } = useBatchScan(tickScanned);
  const handleScan = () => scanMany({ title: t('orders.returnCheck.scanTitle') });

  const chosen = Object.entries(choices);
  const badFee = chosen.some(([, c]) => c.damageFee && !isMoneyText(c.damageFee));

  const handleSubmit = async () => {
    if (chosen.length === 0) {
      setError(t('orders.returnCheck.chooseOne'));
      return;
    }
    if (badFee) return;
    if (chosen.some(([, c]) => c.state !== ReturnState.Returned)) {
      const ok = await Dialog.confirm({
        content: t('orders.returnCheck.confirmDamage'),
        confirmText: t('orders.returnCheck.submit'),
        cancelText: t('orders.back'),
      });
      if (!ok) return;
    }
    const lines = chosen.map(([orderItemId, c], index) => {
      const damaged = c.state !== ReturnState.Returned;
      const note = damaged ? notes[orderItemId] : undefined;
      const photo = damagePhotoFor(note, `items.${index}.photoFileId`, 'DamagePhoto');
      return {
        item: {
          orderItemId,
          state: c.state,
          damageFee: c.damageFee ? Number(c.damageFee) : 0,
          ...(note?.remarks.trim() ? { remarks: note.remarks.trim() } : {}),
          ...(photo.id ? { photoFileId: photo.id } : {}),
        },
        attachment: photo.attachment,
      };
    });
    returnItems.mutate(
      {
        id: order.id,
        items: lines.map((l) => l.item),
        photos: lines.flatMap((l) => (l.attachment ? [l.attachment] : [])),
        label: `${t('orders.returnCheck.title')} ${order.orderNumber} · ${chosen.length}`,
      },
      {
        onSuccess: (outcome) => {
          playSound(SoundKind.success);
          if (outcome.queued) showSuccess(t('app.queuedSaved'));
          kept.forget();
          skipKeep.current = true;
          setChoices({});
          setNotes({});
          onClose();
        },
        onError: (err) => {
          playSound(SoundKind.error);
          setError(err.message);
        },
      },
    );
  };

  const stateOptions = [
    { label: t('orders.returnCheck.states.returned'), value: ReturnState.Returned },
    { label: t('orders.returnCheck.states.damaged'), value: ReturnState.Damaged },
    { label: t('orders.returnCheck.states.lost'), value: ReturnState.Lost },
  ];

  return (
    <ActionPanel visible={visible} title={t('orders.returnCheck.title')} onClose={onClose}>
      {restored && kept.noticeShown && (
        <DraftNotice
          onStartOver={() => {
            kept.forget();
            setChoices(reported);
          }}
          onDismiss={kept.dismissNotice}
        />
      )}
      <p className="order-panel__tip">{t('orders.returnCheck.tip')}</p>
      <List>
        {out.map((item) => {
          const choice = choices[item.id];
          const feeError = choice?.damageFee && !isMoneyText(choice.damageFee);
          return (
            <List.Item
              key={item.id}
              description={[
                item.barcodeNumber,
                item.pickupState && item.pickupState !== 'fine'
                  ? t('orders.returnCheck.driverSaid', {
                      state: t(`driver.condition.${item.pickupState}`),
                      remarks: item.pickupRemarks,
                    })
                  : null,
              ]
                .filter(Boolean)
                .join(' · ')}
            >
              <div className="order-panel__item-name">{item.equipmentName}</div>
              <Selector
                columns={3}
                options={stateOptions}
                value={choice ? [choice.state] : []}
                onChange={(v) => {
                  if (v[0]) choose(item.id, { state: v[0] });
                  else
                    setChoices((prev) => {
                      const next = { ...prev };
                      delete next[item.id];
                      return next;
                    });
                }}
              />
              {choice && choice.state !== ReturnState.Returned && (
                <div className="order-panel__fee">
                  <Input
                    value={choice.damageFee}
                    onChange={(v) => choose(item.id, { damageFee: v.trim() })}
                    placeholder={t('orders.returnCheck.damageFee', {
                      deposit: item.deposit.toFixed(2),
                    })}
                    inputMode="decimal"
                    aria-invalid={!!feeError}
                  />
                  {feeError && (
                    <p className="order-panel__error" role="alert">
                      {t('orders.returnCheck.feeInvalid')}
                    </p>
                  )}
                  <DamageNote
                    name={item.equipmentName}
                    value={notes[item.id] ?? NO_DAMAGE_NOTE}
                    onChange={(patch) =>
                      setNotes((prev) => ({
                        ...prev,
                        [item.id]: { ...(prev[item.id] ?? NO_DAMAGE_NOTE), ...patch },
                      }))
                    }
                  />
                </div>
              )}
            </List.Item>
          );
        })}
      </List>
      <p className="order-panel__tip" aria-live="polite">
        {t('orders.returnCheck.progress', { done: chosen.length, total: out.length })}
      </p>
      <ReturnLateFeeLines
        order={order}
        completes={out.length > 0 && chosen.length === out.length}
        damageFees={chosen.reduce(
          (n, [, c]) =>
            n +
            (c.state !== ReturnState.Returned && isMoneyText(c.damageFee)
              ? Number(c.damageFee)
              : 0),
          0,
        )}
      />
      <WaiveLateFeeButton order={order} />
      <PanelActions error={error}>
        <Button block size="large" onClick={onClose}>
          {t('orders.back')}
        </Button>
        <Button block size="large" loading={scanning} onClick={() => void handleScan()}>
          <ScanningOutline /> {t('orders.returnCheck.scan')}
        </Button>
        <Button
          block
          size="large"
          color="primary"
          loading={returnItems.isPending}
          disabled={badFee}
          onClick={() => void handleSubmit()}
        >
          {t('orders.returnCheck.submit')}
        </Button>
      </PanelActions>
    </ActionPanel>
  );
}
