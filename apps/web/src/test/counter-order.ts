import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import {
  AGREEMENT_SIGNATURE,
  type CounterAgreement,
  type H5Config,
  type Order,
} from '@snowgear/contracts';
import { api } from '@/lib/api-client';
import { uploadCompressed } from '@/lib/upload-file';
import { photoBlob } from './photo';

/**
 * The rental agreement's version as the server holds it now (the admin tests publish new ones
 * while other files run: a version read at the start of a file may be stale by its booking).
 */
export async function currentAgreementVersion(): Promise<string> {
  const config = await api.get<H5Config>('/app/config-distribution/h5');
  return config.systemInfo.rentalAgreementVersion;
}

/**
 * The customer's signature under the business's current rental agreement, uploaded by whoever
 * is signed in, as the counter's create page does before it sends the order.
 */
export async function counterSignature(): Promise<CounterAgreement> {
  const file = await uploadCompressed(photoBlob(), 'signature.png', AGREEMENT_SIGNATURE);
  return { version: await currentAgreementVersion(), signatureFileId: file.id };
}

/**
 * A counter order made through the real API by whoever is signed in, with its customer's
 * signature (which the demo's stores require).
 */
export async function counterOrder(input: object): Promise<Order> {
  return api.post<Order>('/app/orders', { ...input, agreement: await counterSignature() });
}

/**
 * On the counter's create page (in Chinese): the customer opens the agreement, accepts it and
 * signs on the pad with a finger (`stubPhotoDom` gives jsdom a canvas), and the page says so.
 */
export async function customerSignsOnPage() {
  fireEvent.click(screen.getByRole('button', { name: '请客户阅读并签名' }));
  const sheet = await screen.findByRole('dialog', { name: '租赁协议' });
  fireEvent.click(within(sheet).getByText('本人已阅读并同意租赁协议'));
  const pad = within(sheet).getByRole('img', { name: '签名区（尚未签名）' });
  // The customer is asked to sign, not a recipient at the door.
  expect(within(sheet).getByText('请客户在框内手写签名')).toBeTruthy();
  fireEvent.pointerDown(pad, { clientX: 20, clientY: 40 });
  fireEvent.pointerMove(pad, { clientX: 120, clientY: 60 });
  fireEvent.pointerUp(pad, { clientX: 120, clientY: 60 });
  const confirm = within(sheet).getByRole('button', { name: '确认签名' });
  await waitFor(() => expect(confirm.hasAttribute('disabled')).toBe(false));
  fireEvent.click(confirm);
  await screen.findByText('✓ 客户已签名');
}
