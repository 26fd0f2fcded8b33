import { HOST_TENANT_ID } from '@snowgear/contracts';
import { signIn, verificationHeaders, type TestApp } from '@snowgear/server/testing';

/**
 * The counter's hottest call, as the benchmarks send it: a demo employee's headers and the
 * by-barcode path of one of the store's items.
 */
export async function byBarcodeCall(
  t: TestApp,
): Promise<{ headers: Record<string, string>; path: string }> {
  const csrf = await verificationHeaders(t.app);
  const { employee } = await signIn(t.app, csrf, ['employee']);
  const headers = { authorization: `Bearer ${employee}`, __tenant: HOST_TENANT_ID };
  const list = await t.app.inject({ url: '/api/app/equipment?maxResultCount=1', headers });
  const barcode = list.json<{ items: { barcodeNumber: string }[] }>().items[0]!.barcodeNumber;
  return {
    headers,
    path: `/api/app/equipment/by-barcode?barcodeNumber=${encodeURIComponent(barcode)}`,
  };
}
