import type { APIResponse, Page } from 'playwright-core';
import type { CounterAgreement } from '@snowgear/contracts';

/** A signature as the pad sends it: a PNG (1×1 here). */
const SIGNATURE_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

export interface StockItem {
  id: string;
  barcodeNumber: string;
  categoryId: string;
  dailyRentPrice: number;
  deposit: number;
}

export interface BookedOrder {
  id: string;
  orderNumber: string;
  /** The share key of the order's QR page. */
  qrToken: string;
  totalAmount: number;
  bills: { id: string; status: string }[];
}

/**
 * The server's API as the signed-in page's user, for setting up a journey the way another
 * client would: the page's token and verification cookie, the real endpoints.
 */
export function staffApi(page: Page, baseUrl: string) {
  /** The page's token and verification cookie, as its own requests carry them. */
  async function signedIn() {
    const token = await page.evaluate(() => localStorage.getItem('access_token'));
    const cookies = await page.context().cookies(baseUrl);
    const xsrf = cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
    return {
      authorization: `Bearer ${token ?? ''}`,
      RequestVerificationToken: decodeURIComponent(xsrf),
    };
  }
  async function answer<T>(label: string, response: APIResponse): Promise<T> {
    if (!response.ok()) {
      throw new Error(`${label}: ${response.status()} ${await response.text()}`);
    }
    const text = await response.text();
    return (text ? JSON.parse(text) : undefined) as T;
  }
  async function call<T>(method: string, path: string, body?: object): Promise<T> {
    const response = await page.request.fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        ...(await signedIn()),
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      data: body ? JSON.stringify(body) : undefined,
    });
    return answer<T>(`${method} ${path}`, response);
  }
  /**
   * The customer's signature under the current rental agreement, uploaded as the counter's
   * phone does before it sends the order: what a counter order carries as its `agreement`.
   */
  async function signature(): Promise<CounterAgreement> {
    const config = await call<{ systemInfo: { rentalAgreementVersion: string } }>(
      'GET',
      '/api/app/config-distribution/h5',
    );
    const response = await page.request.fetch(`${baseUrl}/api/files/upload`, {
      method: 'POST',
      headers: await signedIn(),
      multipart: {
        businessType: 'AgreementSignature',
        isTemporary: 'true',
        file: { name: 'signature.png', mimeType: 'image/png', buffer: SIGNATURE_PNG },
      },
    });
    const file = await answer<{ id: string }>('POST /api/files/upload', response);
    return { version: config.systemInfo.rentalAgreementVersion, signatureFileId: file.id };
  }

  return {
    call,
    signature,
    async myStoreId() {
      return (await call<{ primaryStoreId: string }>('GET', '/api/app/account/my-profile'))
        .primaryStoreId;
    },
    async inStock(storeId: string) {
      return (
        await call<{ items: StockItem[] }>(
          'GET',
          `/api/app/equipment?storeId=${storeId}&status=0&maxResultCount=100`,
        )
      ).items;
    },
    /** A counter order, with its customer's signature (the demo's stores require one). */
    async book(order: {
      storeId: string;
      customerName: string;
      customerPhone: string;
      start: Date;
      end: Date;
      items: ({ equipmentId: string } | { categoryId: string })[];
      /** Delivered to this address and picked up from it, instead of the counter both ways. */
      deliverTo?: string;
    }) {
      return call<BookedOrder>('POST', '/api/app/orders', {
        storeId: order.storeId,
        orderType: 'Normal',
        customerName: order.customerName,
        customerPhone: order.customerPhone,
        rentalStartTime: order.start.toISOString(),
        rentalEndTime: order.end.toISOString(),
        ...(order.deliverTo
          ? {
              deliveryMethod: 'Delivery',
              deliveryAddress: order.deliverTo,
              returnMethod: 'Pickup',
              returnAddress: order.deliverTo,
            }
          : { deliveryMethod: 'SelfPickup', returnMethod: 'SelfReturn' }),
        items: order.items,
        agreement: await signature(),
      });
    },
    /** Items of the caller's store for a journey of its own (nothing else holds them). */
    async newItems(category: string, items: { name: string; barcodeNumber: string }[]) {
      const storeId = await this.myStoreId();
      const { items: categories } = await call<{ items: { id: string; name: string }[] }>(
        'GET',
        '/api/app/equipment/categories',
      );
      const categoryId = categories.find((c) => c.name === category)!.id;
      const made: StockItem[] = [];
      for (const item of items) {
        made.push(
          await call<StockItem>('POST', '/api/app/equipment', {
            storeId,
            categoryId,
            ...item,
            dailyRentPrice: 10,
            deposit: 100,
          }),
        );
      }
      return made;
    },
    payCash(billId: string) {
      return call('POST', `/api/app/orders/confirm-cash-received?billId=${billId}`);
    },
  };
}
