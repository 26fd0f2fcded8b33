import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Image } from 'antd-mobile';
import { ImageViewer } from '@/components/antd/image-viewer';
import { useTranslation } from 'react-i18next';
import type { FileLink } from '@snowgear/contracts';
import { api, fileUrl } from '@/lib/api-client';

/** Links are good for ten minutes; a fresh one is asked for well before. */
const LINK_FRESH_MS = 5 * 60_000;

/** A signed link to a private file (or one of its sizes), asked for with the user's token. */
function useFileLink(fileId: string, thumbnail: 'medium' | null, enabled = true) {
  return useQuery({
    queryKey: ['files', 'link', fileId, thumbnail],
    queryFn: () =>
      api.get<FileLink>(`/files/${encodeURIComponent(fileId)}/link`, {
        params: thumbnail ? { thumbnail } : {},
        silent: true,
      }),
    staleTime: LINK_FRESH_MS,
    enabled,
  });
}

/**
 * A private photo (a self-return or delivery proof). An `<img>` cannot send the user's token, so
 * the server gives a signed link to the photo for a few minutes; the browser loads it as any
 * picture. Tapping opens the full-size photo (its own link) full screen.
 */
export function PrivatePhoto({
  fileId,
  alt,
  label,
}: {
  fileId: string;
  alt: string;
  /** What a screen reader hears for the button (default: view the photo of `alt`). */
  label?: string;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [broken, setBroken] = useState(false);
  const preview = useFileLink(fileId, 'medium');
  const full = useFileLink(fileId, null, open);

  if (preview.isError || broken)
    return <span className="private-photo private-photo--missing">{t('app.loadFailed')}</span>;
  const previewUrl = preview.data ? fileUrl(preview.data.url) : null;
  return (
    <>
      <button
        type="button"
        className="private-photo"
        aria-label={label ?? t('app.viewPhoto', { name: alt })}
        onClick={(event) => {
          // It sits inside tappable rows (an order's item opens the item): the tap is the photo's.
          event.stopPropagation();
          setOpen(true);
        }}
        disabled={!previewUrl}
      >
        <Image
          src={previewUrl ?? undefined}
          alt={alt}
          width={64}
          height={64}
          fit="cover"
          lazy={false}
          onError={() => setBroken(Boolean(previewUrl))}
        />
      </button>
      {previewUrl && (
        <ImageViewer
          image={full.data ? fileUrl(full.data.url) : previewUrl}
          visible={open}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}
