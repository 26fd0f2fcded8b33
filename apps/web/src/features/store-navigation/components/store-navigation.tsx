import { useCallback, useId, useState } from 'react';
import { createPortal } from 'react-dom';
import { Button } from 'antd-mobile';
import { CompassOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import type { StoreConfig } from '@snowgear/contracts';
import { useCloseOnBack } from '@/lib/close-on-back';
import { NavigationView } from './navigation-view';
import '../store-navigation.css';

/**
 * "到店导航": a full-width button that opens the full-screen guide to `store` (AR arrow over the
 * rear camera, distance, map apps). A store without a location gets a disabled button and the
 * reason, so the customer knows to call instead. Used on the contact page and the order detail.
 */
export function StoreNavigationButton({ store }: { store: StoreConfig }) {
  const { t } = useTranslation();
  const reasonId = useId();
  const [open, setOpen] = useState(false);
  // Stable, so the open view does not re-subscribe its key listener on every sensor update.
  const handleClose = useCallback(() => setOpen(false), []);
  // Full screen, so the phone's Back is how many will try to leave it.
  useCloseOnBack(open, handleClose);
  const location = store.location;

  if (!location) {
    return (
      <div className="store-nav-entry">
        <Button block disabled aria-describedby={reasonId} className="store-nav-entry__button">
          <CompassOutline aria-hidden /> {t('storeNavigation.open')}
        </Button>
        <p id={reasonId} className="store-nav-entry__reason">
          {t('storeNavigation.noLocation')}
        </p>
      </div>
    );
  }

  return (
    <div className="store-nav-entry">
      <Button
        block
        color="primary"
        fill="outline"
        className="store-nav-entry__button"
        aria-haspopup="dialog"
        aria-label={t('storeNavigation.openFor', { name: store.storeName })}
        onClick={() => setOpen(true)}
      >
        <CompassOutline aria-hidden /> {t('storeNavigation.open')}
      </Button>
      {open &&
        createPortal(
          <NavigationView
            target={{
              name: store.storeName,
              address: store.contactInfo.address,
              location,
            }}
            onClose={handleClose}
          />,
          document.body,
        )}
    </div>
  );
}
