import { useState } from 'react';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { H5Config, OrderItem } from '@snowgear/contracts';
import { api } from '@/lib/api-client';
import { changeLanguage } from '@/lib/i18n';
import { useConfigStore } from '@/features/system-config/stores/config-store';
import type { CounterSignature } from '../api/counter-signature';
import { CounterSignatureCard } from './counter-signature';
import { OrderLines } from './order-lines';

// A worker's files share loaded modules: this file's mock must meet a fresh load of its code.
vi.hoisted(() => vi.resetModules());
// jsdom draws nothing: the pad here hands over a drawing when tapped.
vi.mock('@/components/signature-pad', () => ({
  SignaturePad: ({
    onChange,
    language,
  }: {
    onChange: (blob: Blob | null) => void;
    language?: string;
  }) => (
    <button
      type="button"
      lang={language}
      onClick={() => onChange(new Blob(['png'], { type: 'image/png' }))}
    >
      draw
    </button>
  ),
}));

function Card({ required }: { required: boolean }) {
  const [signature, setSignature] = useState<CounterSignature | null>(null);
  return (
    <>
      <CounterSignatureCard
        required={required}
        signature={signature}
        error={signature ? null : '请让客户阅读租赁协议并签名'}
        onChange={setSignature}
      />
      <output>{signature ? `signed ${signature.version}` : 'unsigned'}</output>
    </>
  );
}

describe('the customer signs the rental agreement at the counter (real server)', () => {
  let config: H5Config;
  beforeAll(async () => {
    await changeLanguage('zh-CN');
    config = await api.get<H5Config>('/app/config-distribution/h5');
    useConfigStore.setState({ config, source: config, status: 'ready' });
  });

  it('shows the current agreement to read, and takes the signature once it is accepted and drawn', async () => {
    render(<Card required />);
    const version = config.systemInfo.rentalAgreementVersion;
    expect(
      screen.getByText(`协议版本 ${version.slice(0, 8)} · 本店要求客户签名后才能下单`),
    ).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('请让客户阅读租赁协议并签名');
    fireEvent.click(screen.getByRole('button', { name: '请客户阅读并签名' }));
    const sheet = await screen.findByRole('dialog', { name: '租赁协议' });
    expect(
      within(sheet).getByText(config.systemInfo.rentalAgreement.slice(0, 10), { exact: false }),
    ).toBeTruthy();
    const confirm = within(sheet).getByRole('button', { name: '确认签名' });
    fireEvent.click(within(sheet).getByRole('button', { name: 'draw' }));
    // Drawn but not accepted: not yet.
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(sheet).getByText('本人已阅读并同意租赁协议'));
    expect((confirm as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(confirm);
    expect(await screen.findByText(`signed ${version}`)).toBeTruthy();
    expect(screen.getByText('✓ 客户已签名')).toBeTruthy();
    expect(screen.getByRole('button', { name: '重新签名' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('lets a foreign guest read and accept it in English at a Chinese counter, signing the same version', async () => {
    render(<Card required />);
    const { rentalAgreementEn, rentalAgreementVersion: version } = config.systemInfo;
    expect(rentalAgreementEn).toMatch(/[a-z]/);
    fireEvent.click(screen.getByRole('button', { name: '请客户阅读并签名' }));
    const sheet = await screen.findByRole('dialog', { name: '租赁协议' });
    expect(within(sheet).getByRole('button', { name: '中文' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    fireEvent.click(within(sheet).getByRole('button', { name: 'English' }));
    const english = await screen.findByRole('dialog', { name: 'Rental agreement' });
    expect(english.getAttribute('lang')).toBe('en-US');
    expect(
      within(english).getByText(rentalAgreementEn!.slice(0, 20), { exact: false }),
    ).toBeTruthy();
    expect(
      within(english).queryByText(config.systemInfo.rentalAgreement.slice(0, 10), { exact: false }),
    ).toBeNull();
    // The pad's own words (its clear button) follow the guest's language too.
    expect(within(english).getByRole('button', { name: 'draw' }).getAttribute('lang')).toBe(
      'en-US',
    );
    fireEvent.click(within(english).getByRole('button', { name: 'draw' }));
    fireEvent.click(within(english).getByText('I have read and accept the rental agreement'));
    fireEvent.click(within(english).getByRole('button', { name: 'Confirm signature' }));
    expect(await screen.findByText(`signed ${version}`)).toBeTruthy();
    // The clerk's own screen stays in the clerk's language.
    expect(screen.getByText('✓ 客户已签名')).toBeTruthy();
  });

  it('says when the store does not require it', () => {
    render(<Card required={false} />);
    expect(screen.getByText(/客户可在此签名（本店未强制）/)).toBeTruthy();
  });
});

const item = (n: number, rider: string | null): OrderItem =>
  ({
    id: `i${n}`,
    equipmentName: `板 ${n}`,
    rider: rider ? { name: rider } : null,
  }) as OrderItem;

describe('an order’s lines by person', () => {
  beforeAll(() => changeLanguage('zh-CN'));

  it('lists a group’s lines under each person with their count, folded when long, those for no one last', () => {
    const items = [
      item(1, '学员甲'),
      item(2, null),
      item(3, '学员乙'),
      item(4, '学员甲'),
      ...Array.from({ length: 6 }, (_, i) => item(5 + i, '学员乙')),
    ];
    render(
      <OrderLines
        order={{ items }}
        renderItem={(line) => <div key={line.id}>{line.equipmentName}</div>}
      />,
    );
    const people = [...document.querySelectorAll('details')];
    expect(people.map((p) => p.querySelector('summary')!.textContent)).toEqual([
      '学员甲2 件',
      '学员乙7 件',
      '未指定滑雪者1 件',
    ]);
    expect(people.every((p) => !p.open)).toBe(true);
    expect(within(people[0]!).getByText('板 4')).toBeTruthy();
    expect(screen.getByText('设备（10） · 2 人')).toBeTruthy();
  });

  it('keeps one plain list when no line is for a person', () => {
    render(
      <OrderLines
        order={{ items: [item(1, null), item(2, null)] }}
        renderItem={(line) => <div key={line.id}>{line.equipmentName}</div>}
      />,
    );
    expect(document.querySelector('details')).toBeNull();
    expect(screen.getByText('板 2')).toBeTruthy();
  });
});
