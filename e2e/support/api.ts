import type { Page } from 'playwright-core';

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
  async function call<T>(method: string, path: string, body?: object): Promise<T> {
    const token = await page.evaluate(() => localStorage.getItem('access_token'));
    const cookies = await page.context().cookies(baseUrl);
    const xsrf = cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
    const response = await page.request.fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token ?? ''}`,
        RequestVerificationToken: decodeURIComponent(xsrf),
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      data: body ? JSON.stringify(body) : undefined,
    });
    if (!response.ok()) {
      throw new Error(`${method} ${path}: ${response.status()} ${await response.text()}`);
    }
    const text = await response.text();
    return (text ? JSON.parse(text) : undefined) as T;
  }

  return {
    call,
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
    book(order: {
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
