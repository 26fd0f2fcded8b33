import { useEffect, useId, useState, type ChangeEvent } from 'react';
import { CameraOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { isNoAnswer } from '@/features/offline';
import { uploadCompressed } from '@/lib/upload-file';
import { compressPhoto } from '@/lib/upload-photo';
import { LoadingDots } from '@/components/loading-dots';

export interface DoorPhotoValue {
  /** The uploaded file; null when it was taken without network (then `blob` goes up later). */
  id: string | null;
  blob: Blob;
  preview: string;
}

/**
 * A photo taken at the door (the hand-over, or damage found at a pickup): the rear camera,
 * compressed and uploaded at once, shown from the phone's copy. Without network the compressed
 * photo is kept (id null) and goes up with the confirmation through the offline queue.
 */
export function DoorPhoto({
  label,
  value,
  onChange,
  businessType = 'DeliveryPhoto',
}: {
  label: string;
  value: DoorPhotoValue | null;
  onChange: (photo: DoorPhotoValue | null) => void;
  /** The upload's type: a driver's proof, or `DamagePhoto` for damage found at the counter. */
  businessType?: string;
}) {
  const { t } = useTranslation();
  const inputId = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => () => (value ? URL.revokeObjectURL(value.preview) : undefined), [value]);

  const handleFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setBusy(true);
    setError(null);
    try {
      const small = await compressPhoto(file);
      const info = await uploadCompressed(small, 'door.jpg', businessType).catch((err: unknown) => {
        if (isNoAnswer(err)) return null;
        throw err;
      });
      onChange({ id: info?.id ?? null, blob: small, preview: URL.createObjectURL(small) });
    } catch (err) {
      setError(
        t('driver.photoFailed', { reason: err instanceof Error ? err.message : String(err) }),
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="door-photo">
      {value && <img className="door-photo__preview" src={value.preview} alt={label} />}
      <label htmlFor={inputId} className="door-photo__button">
        {busy ? <LoadingDots /> : <CameraOutline aria-hidden />}{' '}
        {busy ? t('driver.uploading') : value ? t('driver.retake') : label}
      </label>
      <input
        id={inputId}
        type="file"
        accept="image/*"
        capture="environment"
        hidden
        data-testid="door-photo-input"
        onChange={(event) => void handleFile(event)}
      />
      {value && value.id === null && (
        <p className="section-tip" role="status">
          {t('driver.photoKept')}
        </p>
      )}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
