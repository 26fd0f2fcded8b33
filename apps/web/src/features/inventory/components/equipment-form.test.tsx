import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { loginWithPassword } from '@/features/auth/stores/session-store';
import { openedDialog } from '@/test/dialog';
import { EquipmentForm, equipmentDraftKey } from './equipment-form';

// A worker's files share loaded modules: this file's mock must meet a fresh load of the form.
vi.hoisted(() => vi.resetModules());
// jsdom has no canvas to compress with; the upload itself goes to the real server.
vi.mock('browser-image-compression', () => ({
  default: async (file: File) => new File([file], file.name, { type: file.type }),
}));

/** A 2 × 2 PNG, small enough to write out. */
const PNG = Uint8Array.from(
  atob(
    'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEklEQVQImWOwqr5qVX2VAUIBACi6BilgE8mPAAAAAElFTkSuQmCC',
  ),
  (c) => c.charCodeAt(0),
);

describe('equipment form photos', () => {
  const picked = new File([PNG], 'ski.png', { type: 'image/png' });
  // The uploader previews the picked file while it uploads; the form shows the compressed copy.
  const createObjectURL = vi.fn((blob: Blob) =>
    blob === picked ? 'blob:picked' : 'blob:uploaded',
  );
  const revokeObjectURL = vi.fn();

  const signIn = () =>
    loginWithPassword({
      userNameOrEmailAddress: 'employee',
      password: '1q2w3E*',
      rememberMe: false,
    });
  beforeAll(async () => {
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    await signIn();
  });
  afterEach(() => vi.clearAllMocks());

  it("shows a just-uploaded photo from the phone's copy, never from the private server file", async () => {
    const view = render(
      <QueryClientProvider client={createQueryClient()}>
        <EquipmentForm submitting={false} error={null} onSubmit={() => undefined} />
      </QueryClientProvider>,
    );
    const input = view.container.querySelector<HTMLInputElement>('input[type=file]')!;
    fireEvent.change(input, { target: { files: [picked] } });
    const shown = () =>
      [...view.container.querySelectorAll('.adm-image-uploader-cell img')].map((img) =>
        img.getAttribute('src'),
      );
    expect(shown()).toEqual(['blob:picked']);
    await waitFor(() => expect(shown()).toEqual(['blob:uploaded']), { timeout: 20_000 });
    expect(view.container.querySelector('.adm-image-uploader-cell-loading')).toBeNull();
    expect(view.container.innerHTML).not.toContain('/api/files/');
    view.unmount();
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:uploaded');
  });

  it('brings the first problem into view and puts the cursor there when Save finds one', async () => {
    const scrolled: Element[] = [];
    // jsdom does not scroll; record what would be brought into view.
    Object.defineProperty(Element.prototype, 'scrollIntoView', {
      configurable: true,
      value(this: Element) {
        scrolled.push(this);
      },
    });
    const onSubmit = vi.fn();
    const view = render(
      <QueryClientProvider client={createQueryClient()}>
        <EquipmentForm submitting={false} error={null} onSubmit={onSubmit} />
      </QueryClientProvider>,
    );
    // The name is filled, the category (first on the form) is not.
    fireEvent.change(view.getByLabelText(/^\*?名称/, { selector: 'input' }), {
      target: { value: '测试雪板' },
    });
    fireEvent.click(view.getByRole('button', { name: '保存' }));
    // After the next paint, when the messages show.
    await vi.waitFor(() => expect(scrolled).not.toHaveLength(0), { timeout: 10_000, interval: 20 });
    expect(scrolled).toHaveLength(1);
    expect(scrolled[0]!.textContent).toBe('请选择分类');
    const categoryItem = scrolled[0]!.closest('.adm-form-item')!;
    expect(categoryItem.contains(document.activeElement)).toBe(true);
    expect(onSubmit).not.toHaveBeenCalled();
    Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
  });

  describe('draft', () => {
    const key = equipmentDraftKey('test-user');
    const NOTICE = '已恢复上次未提交的内容';
    const form = () =>
      render(
        <QueryClientProvider client={createQueryClient()}>
          <EquipmentForm
            draftKey={key}
            submitting={false}
            error={null}
            onSubmit={() => undefined}
          />
        </QueryClientProvider>,
      );
    const nameField = () =>
      screen.getByLabelText<HTMLInputElement>(/^\*?名称/, { selector: 'input' });
    const photos = (container: HTMLElement) =>
      [...container.querySelectorAll('.adm-image-uploader-cell img')].map((img) =>
        img.getAttribute('src'),
      );
    // Each test starts with nothing stored (test/setup.ts): no draft, and no sign-in.
    beforeEach(signIn);

    it('brings back what was typed and the photos uploaded, and says so', async () => {
      const first = form();
      expect(screen.queryByText(NOTICE)).toBeNull();
      fireEvent.change(nameField(), { target: { value: '金鸡 Experience 78' } });
      fireEvent.change(first.container.querySelector<HTMLInputElement>('input[type=file]')!, {
        target: { files: [picked] },
      });
      await waitFor(() => expect(photos(first.container)).toEqual(['blob:uploaded']), {
        timeout: 20_000,
      });
      first.unmount();

      const again = form();
      expect(await screen.findByText(NOTICE)).toBeTruthy();
      expect(nameField().value).toBe('金鸡 Experience 78');
      // The phone's copy went with the page: the photo comes back through a signed link.
      await waitFor(() => expect(photos(again.container)[0]).toMatch(/\/api\/files\/.+/));
      expect(photos(again.container)).toHaveLength(1);
      again.unmount();
    });

    it('starts over after asking, and keeps nothing of a form put back as it was', async () => {
      const first = form();
      fireEvent.change(nameField(), { target: { value: '临时雪板' } });
      expect(window.localStorage.getItem(key)).toContain('临时雪板');
      fireEvent.change(nameField(), { target: { value: '' } });
      expect(window.localStorage.getItem(key)).toBeNull();
      fireEvent.change(nameField(), { target: { value: '临时雪板' } });
      first.unmount();

      form();
      expect(await screen.findByText(NOTICE)).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: '清空' }));
      const dialog = await openedDialog();
      fireEvent.click(within(dialog).getByRole('button', { name: '清空' }));
      await waitFor(() => expect(nameField().value).toBe(''));
      expect(screen.queryByText(NOTICE)).toBeNull();
      expect(window.localStorage.getItem(key)).toBeNull();
    });
  });
});
