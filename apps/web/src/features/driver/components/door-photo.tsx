import { useEffect, useId, useState, type ChangeEvent } from 'react';
import { DotLoading } from 'antd-mobile';
import { CameraOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { uploadPhoto } from '@/lib/upload-photo';

export interface DoorPhotoValue {
  id: string;
  preview: string;
}

/**
 * A photo taken at the door (the hand-over, or damage found at a pickup): the rear camera,
 * compressed and uploaded at once, shown from the phone's copy.
 */
export function DoorPhoto({
  label,
  value,
  onChange,
}: {
  label: string;
  value: DoorPhotoValue | null;
  onChange: (photo: DoorPhotoValue | null) => void;
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
      const { info, preview } = await uploadPhoto(file, 'DeliveryPhoto');
      onChange({ id: info.id, preview: URL.createObjectURL(preview) });
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
        {busy ? <DotLoading /> : <CameraOutline aria-hidden />}{' '}
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
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
