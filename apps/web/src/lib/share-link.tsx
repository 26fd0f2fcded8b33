import { Dialog } from '@/components/antd/dialog';
import { i18n } from '@/lib/i18n';

/**
 * Shares a link of the app: the phone's share sheet where there is one, else the clipboard, else
 * the link shown to copy by hand (a page on plain http in the store's network has no clipboard).
 * Says which it was, so that the caller can confirm a copy.
 */
export async function shareLink(
  path: string,
  title: string,
): Promise<'shared' | 'copied' | 'shown'> {
  const url = new URL(path, window.location.origin).toString();
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title, url });
      return 'shared';
    } catch (err) {
      // Closed by the customer: nothing more to do. Anything else: copy instead.
      if (err instanceof DOMException && err.name === 'AbortError') return 'shared';
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    return 'copied';
  } catch {
    await Dialog.alert({
      title: i18n.t('share.copyManually'),
      content: <p className="share-link">{url}</p>,
      confirmText: i18n.t('profile.confirm'),
    });
    return 'shown';
  }
}
