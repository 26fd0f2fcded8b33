import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Image, ImageViewer } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client';
import { useObjectUrls } from '@/lib/use-object-urls';

/**
 * A private photo (a self-return or delivery proof): fetched with the signed-in user's token, as
 * an `<img>` cannot send it, and shown from a local copy; tapping opens it full screen.
 */
export function PrivatePhoto({ fileId, alt }: { fileId: string; alt: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const blob = useQuery({
    queryKey: ['files', 'private', fileId],
    queryFn: () =>
      api.get<Blob>(`/files/download/${encodeURIComponent(fileId)}`, {
        params: { thumbnail: 'medium' },
        responseType: 'blob',
        silent: true,
      }),
    staleTime: Infinity,
  });
  const objectUrl = useObjectUrls();
  const url = useMemo(() => (blob.data ? objectUrl(blob.data) : null), [blob.data, objectUrl]);

  if (blob.isError)
    return <span className="private-photo private-photo--missing">{t('app.loadFailed')}</span>;
  return (
    <>
      <button
        type="button"
        className="private-photo"
        aria-label={t('app.viewPhoto', { name: alt })}
        onClick={() => setOpen(true)}
        disabled={!url}
      >
        <Image src={url ?? ''} alt={alt} width={64} height={64} fit="cover" lazy={false} />
      </button>
      {url && <ImageViewer image={url} visible={open} onClose={() => setOpen(false)} />}
    </>
  );
}
