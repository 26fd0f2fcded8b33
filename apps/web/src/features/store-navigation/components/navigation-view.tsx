import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { Button } from 'antd-mobile';
import { CloseOutline, EnvironmentOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useCompassHeading, type CompassStatus } from '../hooks/use-compass-heading';
import { usePoliteText } from '../hooks/use-polite-text';
import { useRearCamera, type CameraStatus } from '../hooks/use-rear-camera';
import { useWatchPosition, type PositionStatus } from '../hooks/use-watch-position';
import {
  ARRIVED_WITHIN_M,
  arrowRotation,
  compassPoint,
  distanceParts,
  relativeDirection,
} from '../utils/directions';
import { distanceMeters, initialBearing } from '../utils/geo';
import type { MapTarget } from '../utils/map-links';
import { CameraBackground } from './camera-background';
import { DirectionArrow } from './direction-arrow';
import { MapAppLinks } from './map-app-links';

interface Props {
  target: MapTarget;
  onClose: () => void;
}

interface Notice {
  key: string;
  text: string;
  action?: ReactNode;
}

/** A fix this rough can put the arrow a street off: worth telling the customer. */
const SHOW_ACCURACY_FROM_M = 30;

const FOCUSABLE = 'a[href], button:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * The full-screen guide to a store: the rear camera behind a big arrow (bearing − compass
 * heading), the distance, and the map apps. Each missing piece degrades to the next best view:
 * no camera → plain background; no compass → north-up arrow with a note; no position → a message
 * and the map apps. Closing (or unmounting) stops the camera, the position watch and the
 * orientation listeners, through the hooks' clean-ups.
 */
export function NavigationView({ target, onClose }: Props) {
  const { t } = useTranslation();
  const titleId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  // Camera, position and orientation all need a secure page; on plain HTTP say so once.
  const secure = window.isSecureContext !== false;
  const [cameraWanted, setCameraWanted] = useState(true);
  const camera = useRearCamera(cameraWanted && secure);
  const geo = useWatchPosition();
  const compass = useCompassHeading();

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    closeButton.current?.focus();
    return () => {
      document.body.style.overflow = overflow;
      opener?.focus();
    };
  }, []);

  // On the document: focus may be on nothing once a notice's button has gone.
  useEffect(() => {
    const handleEscape = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', handleEscape);
    return () => document.removeEventListener('keydown', handleEscape);
  }, [onClose]);

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Tab' || !dialog.current) return;
    // Keep Tab inside the dialog, as the page behind is covered.
    const items = [...dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  const position = geo.position;
  const bearing = position ? initialBearing(position, target.location) : null;
  const distance = position ? distanceMeters(position, target.location) : null;
  const heading = compass.status === 'ok' ? compass.heading : null;
  const rotation = bearing === null ? null : arrowRotation(bearing, heading);

  let distanceText = '';
  let directionText = '';
  let arrowLabel = '';
  if (bearing !== null && distance !== null && rotation !== null) {
    const parts = distanceParts(distance);
    distanceText = t(`storeNavigation.distance.${parts.unit}`, { value: parts.value });
    if (heading !== null) {
      directionText = t(`storeNavigation.relative.${relativeDirection(rotation)}`);
      arrowLabel = t('storeNavigation.arrowRelative', {
        direction: directionText,
        distance: distanceText,
      });
    } else {
      const point = t(`storeNavigation.compass.${compassPoint(bearing)}`);
      directionText = t('storeNavigation.directionNorthUp', { direction: point });
      arrowLabel = t('storeNavigation.arrowNorthUp', { direction: point, distance: distanceText });
    }
  }
  const arrived = distance !== null && distance <= ARRIVED_WITHIN_M;

  const notices: Notice[] = [
    ...positionNotices(geo.status, secure, t, geo.retry),
    ...(position ? compassNotices(compass.status, t, compass.requestPermission) : []),
    ...cameraNotices(camera.status, secure, t),
  ];
  // Only the guidance is spoken here: a notice (a denied location…) is read once, where it shows.
  const spoken = usePoliteText(arrived ? t('storeNavigation.arrived') : arrowLabel);

  const cameraOn = camera.status === 'on' || camera.status === 'starting';
  return (
    <div
      ref={dialog}
      className={`store-nav${camera.stream ? ' store-nav--camera' : ''}`}
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      onKeyDown={handleKeyDown}
    >
      {camera.stream && <CameraBackground stream={camera.stream} />}
      <div className="store-nav__content">
        <header className="store-nav__bar">
          <h2 id={titleId} className="store-nav__title">
            {t('storeNavigation.title')}
          </h2>
          {secure &&
            (camera.status === 'on' || camera.status === 'starting' || camera.status === 'off') && (
              <button
                type="button"
                className="store-nav__chip"
                aria-pressed={cameraOn}
                onClick={() => setCameraWanted(!cameraWanted)}
              >
                {cameraOn ? t('storeNavigation.cameraOff') : t('storeNavigation.cameraOn')}
              </button>
            )}
          <button
            ref={closeButton}
            type="button"
            className="store-nav__close"
            aria-label={t('storeNavigation.close')}
            onClick={onClose}
          >
            <CloseOutline aria-hidden />
          </button>
        </header>

        <section className="store-nav__guide" aria-labelledby={titleId}>
          {rotation !== null ? (
            <DirectionArrow rotation={rotation} label={arrowLabel} northUp={heading === null} />
          ) : (
            <div className="store-nav__no-arrow" aria-hidden>
              <EnvironmentOutline />
            </div>
          )}
          <p className="store-nav__distance">
            {distanceText || (geo.status === 'locating' ? t('storeNavigation.locating') : '')}
          </p>
          {directionText && <p className="store-nav__direction">{directionText}</p>}
          {arrived && <p className="store-nav__arrived">{t('storeNavigation.arrived')}</p>}
          {position && position.accuracy >= SHOW_ACCURACY_FROM_M && (
            <p className="store-nav__accuracy">
              {t('storeNavigation.accuracy', { value: Math.round(position.accuracy) })}
            </p>
          )}
          <p className="store-nav__sr-only" aria-live="polite">
            {spoken}
          </p>
        </section>

        <div className="store-nav__place">
          <strong className="store-nav__place-name">{target.name}</strong>
          {target.address && <span className="store-nav__place-address">{target.address}</span>}
        </div>

        {/* Always there, so a notice that appears is read out, once. */}
        <ul className="store-nav__notices" aria-live="polite">
          {notices.map((notice) => (
            <li key={notice.key} className="store-nav__notice" data-notice={notice.key}>
              <span>{notice.text}</span>
              {notice.action}
            </li>
          ))}
        </ul>

        <MapAppLinks target={target} />
      </div>
    </div>
  );
}

function positionNotices(
  status: PositionStatus,
  secure: boolean,
  t: TFunction,
  retry: () => void,
): Notice[] {
  if (!secure) return [{ key: 'insecure', text: t('storeNavigation.insecure') }];
  const retryButton = (
    <Button size="small" color="primary" onClick={retry}>
      {t('storeNavigation.retryLocation')}
    </Button>
  );
  switch (status) {
    case 'unsupported':
      return [{ key: 'location', text: t('storeNavigation.locationUnsupported') }];
    case 'denied':
      return [{ key: 'location', text: t('storeNavigation.locationDenied'), action: retryButton }];
    case 'unavailable':
      return [
        { key: 'location', text: t('storeNavigation.locationUnavailable'), action: retryButton },
      ];
    case 'locating':
    case 'ok':
      return [];
  }
}

function compassNotices(
  status: CompassStatus,
  t: TFunction,
  requestPermission: () => Promise<void>,
): Notice[] {
  const northUp = t('storeNavigation.northUpNote');
  switch (status) {
    case 'ok':
      return [];
    case 'waiting':
      return [{ key: 'compass', text: `${t('storeNavigation.compassWaiting')} ${northUp}` }];
    case 'needsPermission':
      return [
        {
          key: 'compass',
          text: `${t('storeNavigation.compassPrompt')} ${northUp}`,
          action: (
            <Button size="small" color="primary" onClick={() => void requestPermission()}>
              {t('storeNavigation.allowCompass')}
            </Button>
          ),
        },
      ];
    case 'denied':
      return [{ key: 'compass', text: `${t('storeNavigation.compassDenied')} ${northUp}` }];
    case 'unavailable':
      return [{ key: 'compass', text: `${t('storeNavigation.compassUnavailable')} ${northUp}` }];
  }
}

function cameraNotices(status: CameraStatus, secure: boolean, t: TFunction): Notice[] {
  if (!secure) return [];
  switch (status) {
    case 'denied':
      return [{ key: 'camera', text: t('storeNavigation.cameraDenied') }];
    case 'unavailable':
      return [{ key: 'camera', text: t('storeNavigation.cameraUnavailable') }];
    case 'starting':
    case 'on':
    case 'off':
      return [];
  }
}
