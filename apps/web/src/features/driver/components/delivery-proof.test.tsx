import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { beforeAll, describe, expect, it } from 'vitest';
import { loginWithPassword } from '@/features/auth/stores/session-store';
import { changeLanguage } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { uploadCompressed } from '@/lib/upload-file';
import { photoBlob } from '@/test/photo';
import { DeliveryProof } from './delivery-proof';

/** `onRowTap`: the photo inside a tappable row, as an order's item row holds it. */
const show = (fileId: string, onRowTap = () => {}) =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <div role="presentation" onClick={onRowTap}>
        <DeliveryProof
          order={{ deliveryPhotoId: fileId, deliverySignatureId: null, deliveryRecipient: '王五' }}
        />
      </div>
    </QueryClientProvider>,
  );

/**
 * The proof from the door is private: an `<img>` cannot send the driver's token, so the photo is
 * shown from a signed link the server gives for a few minutes (real server).
 */
describe('the delivery proof photo', () => {
  let fileId: string;
  beforeAll(async () => {
    await changeLanguage('zh-CN');
    await loginWithPassword({
      userNameOrEmailAddress: 'driver',
      password: '1q2w3E*',
      rememberMe: false,
    });
    fileId = (await uploadCompressed(photoBlob(), 'door.png', 'DeliveryPhoto')).id;
  });

  it('shows the photo from a signed link that opens it without a token, and the full size when tapped', async () => {
    let rowTapped = 0;
    const { container } = show(fileId, () => rowTapped++);
    // The picture shows once loaded; its element is there from the start.
    const preview = await waitFor(() => {
      const img = container.querySelector('img[alt="交付照片"]');
      expect(img?.getAttribute('src')).toContain('signature=');
      return img!;
    });
    const src = preview.getAttribute('src')!;
    expect(src).toMatch(new RegExp(`/api/files/download/${fileId}\\?thumbnail=medium&`));
    // What the browser does with the <img>: a plain request, with no token.
    const loaded = await fetch(new URL(src, window.location.href));
    expect(loaded.status).toBe(200);
    expect(loaded.headers.get('content-type')).toBe('image/webp');

    fireEvent.click(screen.getByRole('button', { name: '查看 交付照片 的照片' }));
    await waitFor(() => {
      const full = Array.from(document.querySelectorAll('.adm-image-viewer-content img')).map(
        (img) => img.getAttribute('src') ?? '',
      );
      expect(full.some((s) => s.includes(`/download/${fileId}?tenant=`))).toBe(true);
    });
    // The tap opened the photo, not the row around it.
    expect(rowTapped).toBe(0);
  });

  it('says it could not load a photo that is not there', async () => {
    show('00000000-0000-4000-8000-000000000000');
    expect(await screen.findByText('加载失败')).toBeTruthy();
  });
});
