import { fireEvent, render, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { loginWithPassword } from '@/features/auth/stores/session-store';
import { EquipmentForm } from './equipment-form';

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

  beforeAll(async () => {
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    await loginWithPassword({
      userNameOrEmailAddress: 'employee',
      password: '1q2w3E*',
      rememberMe: false,
    });
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
    fireEvent.change(view.getByLabelText(/名称/, { selector: 'input' }), {
      target: { value: '测试雪板' },
    });
    fireEvent.click(view.getByRole('button', { name: '保存' }));
    // After the next paint, when the messages show.
    for (let i = 0; i < 50 && scrolled.length === 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(scrolled).toHaveLength(1);
    expect(scrolled[0]!.textContent).toBe('请选择分类');
    const categoryItem = scrolled[0]!.closest('.adm-form-item')!;
    expect(categoryItem.contains(document.activeElement)).toBe(true);
    expect(onSubmit).not.toHaveBeenCalled();
    Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
  });
});
