import type { Page } from 'playwright-core';

/** A name written with a finger (the mouse here) in the signature box on screen. */
export async function signOnPad(page: Page) {
  const canvas = page.locator('.signature-pad__canvas');
  await canvas.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  const box = (await canvas.boundingBox())!;
  await page.mouse.move(box.x + 30, box.y + box.height / 2);
  await page.mouse.down();
  for (let step = 1; step <= 12; step += 1) {
    await page.mouse.move(box.x + 30 + step * 20, box.y + box.height / 2 + (step % 2 ? -25 : 25));
  }
  await page.mouse.up();
}

/** What the counter's new order page says about the agreement, in each language. */
export const AGREEMENT_TEXTS = {
  'zh-CN': {
    open: '请客户阅读并签名',
    sheet: '租赁协议',
    accept: '本人已阅读并同意租赁协议',
    confirm: '确认签名',
    signed: '✓ 客户已签名',
    missing: '请让客户阅读租赁协议并签名',
    detailTitle: '租赁协议',
    signatureAlt: '客户签名',
    /** A clause of the demo's agreement. */
    clause: '押金在雪具归还并检查无损后原路退回',
  },
  'en-US': {
    open: 'Customer reads and signs',
    sheet: 'Rental agreement',
    accept: 'I have read and accept the rental agreement',
    confirm: 'Confirm signature',
    signed: '✓ Signed by the customer',
    missing: 'Have the customer read the rental agreement and sign',
    detailTitle: 'Rental agreement',
    signatureAlt: "Customer's signature",
    clause: 'The deposit is refunded the way it was paid once the gear is back',
  },
} as const;

/**
 * On the counter's new order page: the customer opens the rental agreement on the clerk's
 * phone, accepts it and signs with a finger, and the page shows it signed.
 */
export async function customerSigns(page: Page, language: keyof typeof AGREEMENT_TEXTS = 'zh-CN') {
  const texts = AGREEMENT_TEXTS[language];
  await page.getByRole('button', { name: texts.open }).tap();
  const sheet = page.getByRole('dialog', { name: texts.sheet });
  await sheet.getByText(texts.accept).tap();
  await signOnPad(page);
  await sheet.getByRole('button', { name: texts.confirm }).tap();
  await page.getByText(texts.signed).waitFor();
}
