import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { mapLinks, type MapTarget } from '../utils/map-links';

/** Amap, Baidu and Tencent at the store: the fallback for every sensor that is missing. */
export function MapAppLinks({ target }: { target: MapTarget }) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section className="store-nav__maps" aria-labelledby={headingId}>
      <h3 id={headingId} className="store-nav__maps-title">
        {t('storeNavigation.mapApps')}
      </h3>
      <div className="store-nav__map-list">
        {mapLinks(target).map(({ app, url }) => {
          const name = t(`storeNavigation.apps.${app}`);
          return (
            <a
              key={app}
              className="store-nav__map-link"
              href={url}
              target="_blank"
              rel="noopener noreferrer"
              data-app={app}
              aria-label={t('storeNavigation.openIn', { app: name, name: target.name })}
            >
              {name}
            </a>
          );
        })}
      </div>
      <p className="store-nav__maps-tip">{t('storeNavigation.mapAppsTip')}</p>
    </section>
  );
}
