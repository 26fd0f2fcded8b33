import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { Button, Slider, Switch } from 'antd-mobile';
import { Dialog } from '@/components/antd/dialog';
import { Popup } from '@/components/antd/popup';
import { LoadingDots } from '@/components/loading-dots';
import {
  AddOutline,
  CameraOutline,
  CheckCircleFill,
  CloseCircleFill,
  CloseOutline,
  EditSOutline,
  MinusOutline,
  ScanningOutline,
} from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '@/features/app-state';
import { playSound, SoundKind } from '@/features/audio';
import { sharedDecoder, type DecodedCode } from '../decoder/shared-decoder';
import { useCamera } from '../hooks/use-camera';
import { useKeyboardWedge } from '../hooks/use-keyboard-wedge';
import { useLiveScan } from '../hooks/use-live-scan';
import {
  useScannerStore,
  type ScanRequestOptions,
  type ScanResult,
  type ScanVerdict,
} from '../stores/scanner-store';
import { isHuaweiDevice } from '../utils/camera-errors';
import { photoToImageData } from '../utils/photo';
import { validateScan } from '../utils/scan-rules';
import { ScannerTiming, ScanType, ZOOM_STEP } from '../utils/scanner-constants';
import { matchesScanType } from '../utils/scan-type';
import { autoZoomFor, nextDoubleTapZoom } from '../utils/zoom';
import { WeChatScanError, weChatScan } from '../wechat/wechat-scan';
import { ManualEntryPopup } from './manual-entry-popup';

const DOUBLE_TAP_MS = 300;
/** Batch mode: the label still in view is not read again until it has been away this long. */
const BATCH_REPEAT_MS = 2500;
/** Batch mode: how long a verdict stays over the picture. */
const BATCH_FLASH_MS = 1200;

interface LoggedScan extends ScanVerdict {
  id: number;
  code: string;
}

/**
 * The scanner dialog of spec §2/§4: live camera with torch, zoom and far-distance auto zoom,
 * photo recognition, manual entry and (inside WeChat) WeChat's own scanner. States: open
 * (scanning), error (camera problem shown with advice) and auto-closing after a result.
 * In batch mode (`options.onEach`) it stays open instead, showing each verdict and the running
 * list until 完成.
 */
export function ScannerDialog({
  options,
  onResult,
  onClose,
}: {
  options: ScanRequestOptions;
  /** A result that passed the caller's validator (the dialog then closes by itself). */
  onResult: (result: ScanResult) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const isWeChat = useAppStore((s) => s.isWeChat);
  const showError = useAppStore((s) => s.showError);
  const autoZoom = useScannerStore((s) => s.autoZoom);
  const setAutoZoom = useScannerStore((s) => s.setAutoZoom);
  const scanType = options.scanType ?? ScanType.all;

  const videoRef = useRef<HTMLVideoElement>(null);
  const photoInputRef = useRef<HTMLInputElement>(null);
  const [result, setResult] = useState<ScanResult | null>(null);
  const [manualOpen, setManualOpen] = useState(false);
  const [photoBusy, setPhotoBusy] = useState(false);
  const [photoFailed, setPhotoFailed] = useState(false);
  const [weChatBusy, setWeChatBusy] = useState(false);
  const batch = options.onEach;
  const [log, setLog] = useState<LoggedScan[]>([]);
  const [checking, setChecking] = useState(false);
  const [flash, setFlash] = useState<LoggedScan | null>(null);
  const lastRead = useRef({ text: '', at: 0 });

  const cameraWanted = result === null;
  const camera = useCamera(videoRef, cameraWanted);
  const decoder = sharedDecoder();
  const paused = manualOpen || photoBusy || photoFailed || weChatBusy;

  // Far-distance auto zoom: count time without a reading, zoom in on the spec's steps.
  const autoZoomRef = useRef({ since: 0, adjustments: 0 });
  useEffect(() => {
    autoZoomRef.current = { since: performance.now(), adjustments: 0 };
  }, [camera.status, autoZoom]);

  const handleReading = (found: boolean) => {
    const state = autoZoomRef.current;
    if (found) {
      state.since = performance.now();
      return;
    }
    if (!autoZoom) return;
    const target = autoZoomFor(
      performance.now() - state.since,
      state.adjustments,
      camera.zoom,
      camera.zoomRange,
    );
    if (target !== null) {
      state.adjustments += 1;
      camera.setZoom(target);
    }
  };

  /** Batch mode: the caller's verdict on one code (which the caller sounds), in the list. */
  const check = async (scanned: ScanResult, onEach: NonNullable<typeof batch>) => {
    setChecking(true);
    let verdict: ScanVerdict;
    try {
      verdict = await onEach(scanned);
    } catch (error) {
      playSound(SoundKind.scanError);
      verdict = {
        ok: false,
        title: scanned.text,
        detail: error instanceof Error ? error.message : undefined,
      };
    }
    const entry: LoggedScan = { ...verdict, id: performance.now(), code: scanned.text };
    setLog((prev) => [entry, ...prev]);
    setFlash(entry);
    setChecking(false);
  };

  /** Caller's validator, sounds and the auto-close, for every way a code arrives. */
  const accept = (text: string, source: ScanResult['source'], format?: string) => {
    if (result || checking) return false;
    if (batch && source === 'camera') {
      // The label just read is still in front of the camera: one reading per showing.
      const now = performance.now();
      const again = lastRead.current.text === text && now - lastRead.current.at < BATCH_REPEAT_MS;
      lastRead.current = { text, at: now };
      if (again) return false;
    }
    const verdict = validateScan(text, options.validator, t('scanner.invalidResult'));
    if (!verdict.ok) {
      playSound(SoundKind.scanError);
      showError(verdict.message);
      options.onError?.(verdict.message);
      return false;
    }
    const scanned: ScanResult = { text, source, format };
    if (batch) {
      void check(scanned, batch);
      return true;
    }
    playSound(SoundKind.scanSuccess);
    setResult(scanned);
    onResult(scanned);
    return true;
  };

  // Batch mode: a barcode gun works alongside the camera, into the same running list (the
  // page's own wedge listener rests while the dialog is open).
  useKeyboardWedge((text) => {
    accept(text, 'keyboard');
  }, !!batch && !manualOpen);

  const handleConfirmed = (code: DecodedCode) => {
    if (matchesScanType(code.format, scanType)) accept(code.text, 'camera', code.format);
  };

  const { tracking } = useLiveScan({
    videoRef,
    decoder,
    running: camera.status === 'ready' && !result && !paused,
    digitalZoom: camera.zoomKind === 'digital' ? camera.zoom : 1,
    onReading: handleReading,
    onConfirmed: handleConfirmed,
  });

  // Camera problems: a failure sound and an error event (spec §8).
  const cameraError = camera.status === 'error' ? camera.error : null;
  const reportCameraError = useEffectEvent((kind: NonNullable<typeof cameraError>) => {
    playSound(SoundKind.scanError);
    options.onError?.(t(`scanner.cameraErrors.${kind}.message`));
  });
  useEffect(() => {
    if (cameraError) reportCameraError(cameraError);
  }, [cameraError]);

  useEffect(() => {
    if (!flash) return;
    const timer = setTimeout(() => setFlash(null), BATCH_FLASH_MS);
    return () => clearTimeout(timer);
  }, [flash]);

  // Auto-close after a result.
  const delay = options.autoCloseDelay ?? ScannerTiming.autoCloseDelayMs;
  const closeAfterResult = useEffectEvent(onClose);
  useEffect(() => {
    if (!result) return;
    const timer = setTimeout(() => closeAfterResult(), delay);
    return () => clearTimeout(timer);
  }, [result, delay]);

  const lastTap = useRef(0);
  const handleVideoTap = () => {
    const now = performance.now();
    if (now - lastTap.current < DOUBLE_TAP_MS) {
      camera.setZoom(nextDoubleTapZoom(camera.zoom, camera.zoomRange));
      lastTap.current = 0;
    } else {
      lastTap.current = now;
    }
  };

  const handlePhoto = async (file: File | undefined) => {
    if (!file) return;
    setPhotoBusy(true);
    try {
      const image = await photoToImageData(file);
      const code = await decoder.decode(image, 'photo');
      if (code && matchesScanType(code.format, scanType)) accept(code.text, 'photo', code.format);
      else {
        playSound(SoundKind.scanError);
        setPhotoFailed(true);
      }
    } catch {
      playSound(SoundKind.scanError);
      showError(t('scanner.imageProcessingFailed'));
      options.onError?.(t('scanner.imageProcessingFailed'));
    } finally {
      setPhotoBusy(false);
      if (photoInputRef.current) photoInputRef.current.value = '';
    }
  };

  const handleWeChat = async () => {
    setWeChatBusy(true);
    try {
      const text = await weChatScan(scanType);
      if (text) accept(text, 'wechat');
    } catch (error) {
      const problem = error instanceof WeChatScanError ? error.problem : 'scanFailed';
      playSound(SoundKind.scanError);
      options.onError?.(t(`scanner.wechatErrors.${problem}`));
      await Dialog.alert({
        content: t(`scanner.wechatErrors.${problem}`),
        confirmText: t('scanner.confirm'),
      });
    } finally {
      setWeChatBusy(false);
    }
  };

  const zoomText = t('scanner.zoomLevel', { zoom: camera.zoom.toFixed(1) });
  const title = options.title ?? t('scanner.defaultTitle');

  return (
    <Popup
      visible
      position="bottom"
      destroyOnClose
      onClose={onClose}
      bodyClassName={batch ? 'scanner-dialog is-batch' : 'scanner-dialog'}
    >
      <section className="scanner-dialog__body" role="dialog" aria-modal="true" aria-label={title}>
        <header className="scanner-dialog__header">
          <h2>{title}</h2>
          <button
            type="button"
            className="scanner-dialog__close"
            onClick={onClose}
            aria-label={t('scanner.close')}
          >
            <CloseOutline />
          </button>
        </header>

        <div className="scanner-dialog__viewport" onPointerUp={handleVideoTap}>
          <video
            ref={videoRef}
            className="scanner-dialog__video"
            muted
            playsInline
            style={
              camera.zoomKind === 'digital' ? { transform: `scale(${camera.zoom})` } : undefined
            }
            aria-hidden="true"
          />
          {camera.status === 'ready' && !result && (
            <div className={`scanner-dialog__frame${tracking ? ' is-tracking' : ''}`} />
          )}
          {camera.status === 'starting' && (
            <div className="scanner-dialog__overlay" role="status">
              <LoadingDots light />
              <span>{t('scanner.starting')}</span>
            </div>
          )}
          {photoBusy && (
            <div className="scanner-dialog__overlay" role="status">
              <LoadingDots light />
              <span>{t('scanner.photoProcessing')}</span>
            </div>
          )}
          {cameraError && (
            <div className="scanner-dialog__overlay scanner-dialog__error" role="alert">
              <strong>{t(`scanner.cameraErrors.${cameraError}.message`)}</strong>
              <p>{t(`scanner.cameraErrors.${cameraError}.advice`)}</p>
              <Button size="small" onClick={camera.retry}>
                {t('scanner.retryCamera')}
              </Button>
            </div>
          )}
          {checking && (
            <div className="scanner-dialog__flash" role="status">
              <LoadingDots light />
              <span>{t('scanner.batch.checking')}</span>
            </div>
          )}
          {flash && !checking && (
            <div
              className={`scanner-dialog__flash ${flash.ok ? 'is-ok' : 'is-error'}`}
              role="status"
            >
              {flash.ok ? <CheckCircleFill fontSize={28} /> : <CloseCircleFill fontSize={28} />}
              <span>
                <strong>{flash.title}</strong>
                {flash.detail && <small>{flash.detail}</small>}
              </span>
            </div>
          )}
          {result && (
            <div className="scanner-dialog__overlay scanner-dialog__result" role="status">
              <CheckCircleFill fontSize={48} color="var(--adm-color-success)" />
              <strong>{t('scanner.resultTitle')}</strong>
              <code>{result.text}</code>
              <span>{t('scanner.closingSoon')}</span>
              <Button size="small" color="primary" onClick={onClose}>
                {t('scanner.done')}
              </Button>
            </div>
          )}
        </div>

        <p className="scanner-dialog__tip">
          {tracking
            ? t('scanner.tracking')
            : (options.tip ?? t(batch ? 'scanner.batch.tip' : 'scanner.tip'))}
        </p>
        {batch && <BatchLog log={log} onDone={onClose} />}
        {!window.isSecureContext && (
          <p className="scanner-dialog__hint">{t('scanner.insecureHint')}</p>
        )}
        {isHuaweiDevice(navigator.userAgent) && (
          <p className="scanner-dialog__hint">{t('scanner.huaweiHint')}</p>
        )}

        {camera.status === 'ready' && !result && (
          <div className="scanner-dialog__controls">
            <div className="scanner-dialog__zoom">
              <Button
                fill="none"
                aria-label={t('scanner.zoomOut')}
                disabled={camera.zoom <= camera.zoomRange.min}
                onClick={() => camera.setZoom(camera.zoom - ZOOM_STEP)}
              >
                <MinusOutline />
              </Button>
              <Slider
                min={camera.zoomRange.min}
                max={camera.zoomRange.max}
                step={ZOOM_STEP}
                value={camera.zoom}
                onChange={(value) => camera.setZoom(value as number)}
                aria-label={t('scanner.zoom')}
              />
              <Button
                fill="none"
                aria-label={t('scanner.zoomIn')}
                disabled={camera.zoom >= camera.zoomRange.max}
                onClick={() => camera.setZoom(camera.zoom + ZOOM_STEP)}
              >
                <AddOutline />
              </Button>
              <output className="scanner-dialog__zoom-level" aria-live="polite">
                {zoomText}
              </output>
            </div>
            <p className="scanner-dialog__note">
              {camera.zoomKind === 'digital'
                ? t('scanner.zoomDigital')
                : t('scanner.doubleTapHint')}
            </p>
            <div className="scanner-dialog__toggles">
              <Button
                size="small"
                disabled={!camera.torchSupported}
                aria-pressed={camera.torchOn}
                onClick={() => void camera.toggleTorch()}
              >
                {!camera.torchSupported
                  ? t('scanner.torchUnsupported')
                  : camera.torchOn
                    ? t('scanner.torchOff')
                    : t('scanner.torchOn')}
              </Button>
              <label className="scanner-dialog__switch">
                <span>{t('scanner.autoZoom')}</span>
                <Switch
                  checked={autoZoom}
                  onChange={setAutoZoom}
                  aria-label={t('scanner.autoZoom')}
                />
              </label>
            </div>
          </div>
        )}

        {!result && (
          <nav className="scanner-dialog__modes" aria-label={title}>
            <Button block onClick={() => photoInputRef.current?.click()} disabled={photoBusy}>
              <CameraOutline /> {t('scanner.photo')}
            </Button>
            <Button block onClick={() => setManualOpen(true)}>
              <EditSOutline /> {t('scanner.manual')}
            </Button>
            {isWeChat && (
              <Button block onClick={() => void handleWeChat()} loading={weChatBusy}>
                <ScanningOutline /> {t('scanner.wechat')}
              </Button>
            )}
          </nav>
        )}
        <input
          ref={photoInputRef}
          type="file"
          accept="image/*"
          hidden
          data-testid="scanner-photo-input"
          onChange={(event) => void handlePhoto(event.target.files?.[0])}
        />

        <ManualEntryPopup
          visible={manualOpen}
          onCancel={() => setManualOpen(false)}
          onSubmit={(text) => {
            const ok = accept(text, 'manual');
            if (ok) setManualOpen(false);
            return ok;
          }}
        />

        <Dialog
          visible={photoFailed}
          title={t('scanner.photoFailedTitle')}
          content={t('scanner.photoFailed')}
          closeOnAction
          onClose={() => setPhotoFailed(false)}
          actions={[
            [
              { key: 'manual', text: t('scanner.manual') },
              { key: 'retry', text: t('scanner.photoRetry'), bold: true },
            ],
            [{ key: 'cancel', text: t('scanner.cancel') }],
          ]}
          onAction={(action) => {
            if (action.key === 'retry') photoInputRef.current?.click();
            if (action.key === 'manual') setManualOpen(true);
          }}
        />
      </section>
    </Popup>
  );
}

/** Batch mode: what has been scanned so far, newest first, and the way out. */
function BatchLog({ log, onDone }: { log: LoggedScan[]; onDone: () => void }) {
  const { t } = useTranslation();
  const taken = log.filter((entry) => entry.ok).length;
  return (
    <section className="scanner-dialog__batch" aria-label={t('scanner.batch.listLabel')}>
      <div className="scanner-dialog__batch-head">
        <span aria-live="polite">
          {t('scanner.batch.count', { count: taken })}
          {log.length > taken && ` · ${t('scanner.batch.refused', { count: log.length - taken })}`}
        </span>
        <Button color="primary" size="large" onClick={onDone}>
          {t('scanner.batch.done')}
        </Button>
      </div>
      {log.length > 0 && (
        <ol className="scanner-dialog__batch-list">
          {log.map((entry) => (
            <li key={entry.id} className={entry.ok ? 'is-ok' : 'is-error'}>
              {entry.ok ? (
                <CheckCircleFill aria-label={t('scanner.batch.ok')} />
              ) : (
                <CloseCircleFill aria-label={t('scanner.batch.notOk')} />
              )}
              <span>
                <strong>{entry.title}</strong>
                <small>{entry.detail ?? entry.code}</small>
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
