import { useState } from 'react';
import { Image, Toast } from 'antd-mobile';
import { ImageViewer } from '@/components/antd/image-viewer';
import { PictureOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import type { Equipment } from '@snowgear/contracts';
import { fileUrl } from '@/lib/api-client';

/**
 * Up to three thumbnails, '+N' on the last when there are more, full-size preview on tap (spec §2
 * equipment info dialog; staff and customers alike).
 */
export function EquipmentPhotos({
  equipment,
  name,
  compact = false,
}: {
  equipment: Pick<Equipment, 'imageFiles'>;
  /** The item's name as the reader reads it (each photo's label). */
  name: string;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const [preview, setPreview] = useState<number | null>(null);
  const images = equipment.imageFiles;
  const full = images.map((i) =>
    fileUrl(i.thumbnails.find((x) => x.size === 'medium')?.accessUrl ?? i.file.accessUrl),
  );
  if (images.length === 0) {
    return (
      <button
        type="button"
        className="equipment-dialog__thumb"
        aria-label={t('inventory.noImages')}
        onClick={() => Toast.show({ content: t('inventory.noImages') })}
      >
        <PictureOutline />
      </button>
    );
  }
  const shown = images.slice(0, compact ? 1 : 3);
  const more = images.length - shown.length;
  return (
    <div className={`equipment-photos${compact ? ' equipment-photos--compact' : ''}`}>
      {shown.map((img, i) => (
        <button
          key={img.id}
          type="button"
          className="equipment-photos__item"
          onClick={() => setPreview(i)}
          aria-label={`${name} ${i + 1}/${images.length}`}
        >
          <Image
            src={fileUrl(
              img.thumbnails.find((x) => x.size === 'small')?.accessUrl ?? img.file.accessUrl,
            )}
            fit="cover"
            width="100%"
            height="100%"
            lazy
          />
          {i === shown.length - 1 && more > 0 && (
            <span className="equipment-photos__more">+{more}</span>
          )}
        </button>
      ))}
      <ImageViewer.Multi
        images={full}
        visible={preview !== null}
        defaultIndex={preview ?? 0}
        onClose={() => setPreview(null)}
      />
    </div>
  );
}
