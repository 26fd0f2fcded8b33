import { useState } from 'react';
import { Button } from 'antd-mobile';
import { Popup } from '@/components/antd/popup';
import { EnvironmentOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useConfigStore } from '@/features/system-config';
import { addressSearchLinks } from '@/features/store-navigation';

/** The address of a run and a way to it: Amap, Baidu or Tencent Maps, searching near the store. */
export function AddressNavigation({ address, storeId }: { address: string; storeId: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const location = useConfigStore((s) => s.config?.storeConfigs[storeId]?.location ?? null);
  if (!address.trim()) return <span>{t('driver.noAddress')}</span>;
  return (
    <>
      <Button
        className="run-address"
        fill="none"
        onClick={() => setOpen(true)}
        aria-label={t('driver.navigateTo', { address })}
      >
        <EnvironmentOutline aria-hidden /> <span>{address}</span>
      </Button>
      <Popup
        visible={open}
        onMaskClick={() => setOpen(false)}
        onClose={() => setOpen(false)}
        showCloseButton
        bodyClassName="run-maps"
      >
        <h2 className="sheet__title">{t('driver.navigateTitle')}</h2>
        <p className="section-tip">{address}</p>
        <div className="run-maps__list">
          {addressSearchLinks(address, location).map(({ app, url }) => (
            <a
              key={app}
              className="adm-button adm-button-default adm-button-large adm-button-block"
              href={url}
              target="_blank"
              rel="noopener noreferrer"
              onClick={() => setOpen(false)}
            >
              {t(`storeNavigation.apps.${app}`)}
            </a>
          ))}
        </div>
      </Popup>
    </>
  );
}
