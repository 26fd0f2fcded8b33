import { Button, Skeleton } from 'antd-mobile';
import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '@/features/app-state';
import { shareLink } from '@/lib/share-link';
import { useReferral } from '../api/agent';

/** The agent's referral link as a QR code to show and a link to share: bookings carry them. */
export function ReferralCard() {
  const { t } = useTranslation();
  const referral = useReferral();
  const showSuccess = useAppStore((s) => s.showSuccess);
  if (!referral.data) {
    return referral.isError ? (
      <p className="section-tip">{t('app.loadFailed')}</p>
    ) : (
      <Skeleton.Paragraph lineCount={3} animated />
    );
  }
  const url = new URL(referral.data.path, window.location.origin).toString();
  return (
    <div className="referral-card">
      <QRCodeSVG
        value={url}
        size={168}
        level="M"
        marginSize={2}
        title={t('agent.referralQr')}
        role="img"
        aria-label={t('agent.referralQr')}
      />
      <p className="referral-card__code">
        {t('agent.code')} <strong>{referral.data.code}</strong>
      </p>
      <p className="section-tip">{t('agent.referralTip')}</p>
      <Button
        block
        size="large"
        color="primary"
        onClick={() =>
          void shareLink(referral.data.path, t('agent.shareTitle')).then((how) => {
            if (how === 'copied') showSuccess(t('agent.copied'));
          })
        }
      >
        {t('agent.share')}
      </Button>
    </div>
  );
}
