import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { AttachmentInput } from '@/features/offline';
import {
  DamageNote,
  damagePhotoFor,
  NO_DAMAGE_NOTE,
  type DamageValue,
} from '@/features/damage-notes';

/**
 * An item of a batch check-in that came back damaged: marked so with a note and a photo, it is
 * checked in and then marked damaged (its history keeps both).
 */
export function BatchDamage({
  name,
  value,
  onChange,
  businessType = 'DamagePhoto',
  noteRequired = false,
}: {
  name: string;
  value: DamageValue | undefined;
  /** Marks or unmarks the item (undefined), or changes its photo or note, from the latest. */
  onChange: (update: (prev: DamageValue | undefined) => DamageValue | undefined) => void;
  businessType?: string;
  noteRequired?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="batch-damage">
      <Button
        size="small"
        className="batch-damage__toggle"
        color={value ? 'danger' : 'default'}
        fill={value ? 'solid' : 'outline'}
        aria-pressed={!!value}
        aria-label={`${name} ${t('offlineWork.markDamaged')}`}
        onClick={() => onChange((prev) => (prev ? undefined : NO_DAMAGE_NOTE))}
      >
        {t('offlineWork.markDamaged')}
      </Button>
      {value && (
        <DamageNote
          name={name}
          value={value}
          businessType={businessType}
          noteRequired={noteRequired}
          onChange={(patch) => onChange((prev) => prev && { ...prev, ...patch })}
        />
      )}
    </div>
  );
}

/** Applies an item's update to the marks of a whole list. */
export function updateMark(
  marks: Record<string, DamageValue>,
  id: string,
  update: (prev: DamageValue | undefined) => DamageValue | undefined,
): Record<string, DamageValue> {
  const { [id]: prev, ...rest } = marks;
  const next = update(prev);
  return next ? { ...rest, [id]: next } : rest;
}

/** The check-in's `damaged` list, and the photos the offline queue uploads first. */
export function damagedForCheckIn(
  ids: string[],
  damage: Record<string, DamageValue>,
): {
  damaged: { equipmentId: string; remarks: string; photoFileId?: string }[];
  photos: AttachmentInput[];
} {
  const marked = ids.filter((id) => damage[id]);
  const photos: AttachmentInput[] = [];
  const damaged = marked.map((equipmentId, index) => {
    const note = damage[equipmentId]!;
    const photo = damagePhotoFor(note, `damaged.${index}.photoFileId`, 'DamagePhoto');
    if (photo.attachment) photos.push(photo.attachment);
    return {
      equipmentId,
      remarks: note.remarks.trim(),
      ...(photo.id ? { photoFileId: photo.id } : {}),
    };
  });
  return { damaged, photos };
}
