import { useEffect, useRef, useState } from 'react';
import { Button } from 'antd-mobile';
import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import type { SelfCheckinRider } from '@snowgear/contracts';
import { Popup } from '@/components/antd/popup';
import { useAppStore } from '@/features/app-state';
import { useOpenSelfCheckin, useSelfCheckin } from '../api/self-checkin';

/**
 * The clerk's side of self check-in, on a new order: a button that shows a QR code for the
 * family to scan, and the riders each member adds on their own phone, handed to the order as
 * they come (`onRiders`, each once), while the sheet shows and afterwards while the order is open.
 */
export function SelfCheckinButton({
  storeId,
  disabled,
  onRiders,
}: {
  storeId: string;
  disabled?: boolean;
  onRiders: (riders: SelfCheckinRider[]) => void;
}) {
  const { t } = useTranslation();
  const showError = useAppStore((s) => s.showError);
  const openCheckin = useOpenSelfCheckin();
  const [checkin, setCheckin] = useState<{ id: string; url: string } | null>(null);
  const [showing, setShowing] = useState(false);
  const query = useSelfCheckin(checkin?.id ?? null, showing);
  const handed = useRef(new Set<string>());

  const riders = query.data?.riders;
  useEffect(() => {
    const fresh = (riders ?? []).filter((r) => !handed.current.has(r.key));
    if (fresh.length === 0) return;
    for (const r of fresh) handed.current.add(r.key);
    onRiders(fresh);
  }, [riders, onRiders]);

  const handleOpen = async () => {
    if (checkin) {
      setShowing(true);
      return;
    }
    try {
      const opened = await openCheckin.mutateAsync(storeId);
      setCheckin({ id: opened.id, url: `${window.location.origin}${opened.path}` });
      setShowing(true);
    } catch (err) {
      showError(err instanceof Error ? err.message : String(err));
    }
  };

  return (
    <>
      <Button
        block
        disabled={disabled}
        loading={openCheckin.isPending}
        onClick={() => void handleOpen()}
      >
        {t('selfCheckin.show')}
      </Button>
      <Popup
        visible={showing}
        onClose={() => setShowing(false)}
        onMaskClick={() => setShowing(false)}
        showCloseButton
        position="bottom"
        bodyClassName="sheet self-checkin-sheet"
      >
        <section role="dialog" aria-modal="true" aria-labelledby="self-checkin-title">
          <h2 id="self-checkin-title" className="sheet__title">
            {t('selfCheckin.sheetTitle')}
          </h2>
          <p className="self-checkin-sheet__tip">{t('selfCheckin.sheetTip')}</p>
          {checkin && (
            <QRCodeSVG
              value={checkin.url}
              size={220}
              level="M"
              marginSize={4}
              title={t('selfCheckin.qrLabel')}
              className="self-checkin-sheet__qr"
            />
          )}
          <p className="self-checkin-sheet__count" role="status">
            {riders && riders.length > 0
              ? t('selfCheckin.arrived', {
                  count: riders.length,
                  names: riders.map((r) => r.name).join(t('inquiry.listSeparator')),
                })
              : t('selfCheckin.waiting')}
          </p>
          <div className="sheet__actions">
            <Button block color="primary" size="large" onClick={() => setShowing(false)}>
              {t('selfCheckin.done')}
            </Button>
          </div>
        </section>
      </Popup>
    </>
  );
}
