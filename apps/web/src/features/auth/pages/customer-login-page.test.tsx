import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { clearSession, useSession } from '../stores/session-store';
import CustomerLoginPage from './customer-login-page';

function renderPage() {
  const router = createMemoryRouter(
    [
      { path: '/customer/login', element: <CustomerLoginPage /> },
      { path: '*', element: <p>signed in</p> },
    ],
    { initialEntries: ['/customer/login'] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const phoneBox = () => document.querySelector<HTMLInputElement>('input#phoneNumber')!;
const nameBox = () => document.querySelector<HTMLInputElement>('input#realName')!;
const type = (box: HTMLInputElement, value: string) => fireEvent.change(box, { target: { value } });
/** The messages the form shows under its fields. */
const fieldErrors = () =>
  [...document.querySelectorAll('.adm-form-item-feedback-error')].map((e) => e.textContent);

describe('customer sign-in from abroad (real server)', () => {
  afterEach(async () => {
    clearSession();
    await changeLanguage('zh-CN');
  });

  it('starts at +86 and checks a mainland number as before, in Chinese', async () => {
    await changeLanguage('zh-CN');
    renderPage();
    const country = await screen.findByRole('button', { name: '国家或地区：中国 +86，点按更换' });
    expect(country.textContent).toContain('+86');
    type(phoneBox(), '7400123456');
    await waitFor(() => expect(fieldErrors()).toContain('请输入正确的 11 位手机号'));
    type(phoneBox(), '13800138000');
    await waitFor(() => expect(fieldErrors()).toEqual([]));
  });

  it('picks a country from the searchable list, visitors first, and checks the number for it', async () => {
    await changeLanguage('zh-CN');
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: /国家或地区：中国 \+86/ }));
    const dialog = await screen.findByRole('dialog', { name: '选择国家或地区' });
    const common = within(dialog).getByRole('region', { name: '常用' });
    const firstFew = within(common)
      .getAllByRole('button')
      .slice(0, 4)
      .map((b) => b.textContent);
    expect(firstFew).toEqual([
      '中国+86',
      expect.stringContaining('+852'),
      expect.stringContaining('+853'),
      '台湾+886',
    ]);
    // Every other country is there too, named in Chinese.
    const all = within(dialog).getByRole('region', { name: '全部国家和地区' });
    expect(within(all).getAllByRole('button').length).toBeGreaterThan(200);

    const search = within(dialog).getByRole('searchbox', { name: '搜索国家、地区或区号' });
    type(search as HTMLInputElement, '英国');
    const uk = within(dialog).getByRole('button', { name: '英国 +44' });
    expect(
      within(dialog)
        .getAllByRole('button')
        .filter((b) => b !== uk && /\+\d/.test(b.textContent ?? '')),
    ).toEqual([]);
    type(phoneBox(), '123');
    fireEvent.click(uk);
    await waitFor(() =>
      expect(fieldErrors()).toContain('这不是有效的英国手机号，请核对号码或所选的国家或地区'),
    );
    expect(screen.getByRole('button', { name: '国家或地区：英国 +44，点按更换' })).toBeTruthy();
    type(phoneBox(), '07400 123456');
    await waitFor(() => expect(fieldErrors()).toEqual([]));
  });

  it('a number pasted with +44 picks the United Kingdom, and a visitor signs in with a passport name', async () => {
    await changeLanguage('en-US');
    renderPage();
    await screen.findByRole('button', { name: 'Country or region: China +86; tap to change' });
    type(phoneBox(), '+44 7400 123456');
    expect(
      await screen.findByRole('button', {
        name: 'Country or region: United Kingdom +44; tap to change',
      }),
    ).toBeTruthy();
    expect(phoneBox().value).toBe('7400123456');

    // Searching by the calling code finds the country too.
    fireEvent.click(screen.getByRole('button', { name: /United Kingdom \+44/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose a country or region' });
    type(within(dialog).getByRole<HTMLInputElement>('searchbox'), '852');
    expect(within(dialog).getByRole('button', { name: /Hong Kong.* \+852/ })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));

    expect(screen.getByText('Foreign guests: your name as on your passport')).toBeTruthy();
    type(nameBox(), 'John 2nd');
    await waitFor(() =>
      expect(fieldErrors()).toContain(
        'A name of 2 to 50 characters: Chinese characters, or the letters on your passport (spaces, hyphens, apostrophes and periods allowed), no digits or symbols',
      ),
    );
    type(nameBox(), "Siobhán O'Brien");

    fireEvent.click(screen.getByRole('button', { name: 'Get code' }));
    const sandbox = await screen.findByText(/Your code: \d{6}/);
    const code = /\d{6}/.exec(sandbox.textContent ?? '')![0];
    type(document.querySelector<HTMLInputElement>('input#code')!, code);
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByText('signed in');
    expect(useSession.getState().user).toMatchObject({
      phoneNumber: '+447400123456',
      realName: "Siobhán O'Brien",
    });
  });

  it('a number too short for the country chosen is refused beside the field, in English', async () => {
    await changeLanguage('en-US');
    renderPage();
    type(await waitFor(phoneBox), '+44 123');
    await waitFor(() =>
      expect(fieldErrors()).toContain(
        'Please enter a valid mobile number (outside the Chinese mainland, start with + and the country code)',
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: /China \+86/ }));
    const dialog = await screen.findByRole('dialog');
    type(within(dialog).getByRole<HTMLInputElement>('searchbox'), 'japan');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Japan +81' }));
    type(phoneBox(), '090 1234');
    await waitFor(() =>
      expect(fieldErrors()).toContain(
        'This is not a valid mobile number for Japan; check the number or the country chosen',
      ),
    );
  });
});
