import { useId } from 'react';
import { TextArea } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { AttachmentInput } from '@/features/offline';
import { DoorPhoto, type DoorPhotoValue } from './door-photo';

/** Damage noted at a hand-over: a photo (uploaded, or kept on the phone offline) and a note. */
export interface DamageValue {
  photo: DoorPhotoValue | null;
  remarks: string;
}

export const NO_DAMAGE_NOTE: DamageValue = { photo: null, remarks: '' };

/**
 * The photo's id for the body when it is up, else the photo for the offline queue to upload
 * first (`field`: where its id goes in the body).
 */
export function damagePhotoFor(
  value: DamageValue | undefined,
  field: string,
  businessType: string,
): { id?: string; attachment?: AttachmentInput } {
  const photo = value?.photo;
  if (!photo) return {};
  if (photo.id) return { id: photo.id };
  return { attachment: { field, blob: photo.blob, fileName: 'damage.jpg', businessType } };
}

/**
 * A photo (the rear camera, or a file) and a note on a damaged item, at the counter's return,
 * a batch check-in or the driver's delivery.
 */
export function DamageNote({
  value,
  onChange,
  businessType = 'DamagePhoto',
  noteRequired = false,
  name,
}: {
  value: DamageValue;
  /** What changed: the photo or the note (the photo may arrive after the note is typed). */
  onChange: (patch: Partial<DamageValue>) => void;
  businessType?: string;
  noteRequired?: boolean;
  /** The item's name, for the screen reader. */
  name: string;
}) {
  const { t } = useTranslation();
  const noteId = useId();
  return (
    <div className="damage-note">
      <DoorPhoto
        label={t('offlineWork.addPhoto')}
        value={value.photo}
        businessType={businessType}
        onChange={(photo) => onChange({ photo })}
      />
      <label className="damage-note__label" htmlFor={noteId}>
        {t(noteRequired ? 'offlineWork.damageNoteRequired' : 'offlineWork.damageNote')}
        <span className="visually-hidden"> {name}</span>
      </label>
      <TextArea
        id={noteId}
        className="damage-note__text"
        value={value.remarks}
        maxLength={200}
        autoSize={{ minRows: 2, maxRows: 4 }}
        onChange={(remarks) => onChange({ remarks })}
      />
    </div>
  );
}
