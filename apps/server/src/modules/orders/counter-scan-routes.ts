import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq, sql } from 'drizzle-orm';
import {
  ErrorCode,
  ItemAvailabilityQuerySchema,
  ItemAvailabilitySchema,
  Permissions as P,
  ValidationCode,
} from '@snowgear/contracts';
import type { z } from 'zod';
import { equipment } from '@/db/schema.js';
import { notFound, validationError } from '@/lib/errors.js';
import { itemAnswers } from './counter-scan.js';
import { OrdersService } from './service.js';

/** Who takes orders at the counter. */
const CREATE = { permissions: [P.BusinessOperations.OrderCreate] } as const;

type Query = z.output<typeof ItemAvailabilityQuerySchema>;

/** A scanned item's answer for a new order's window, for the staff of the order's store. */
class ItemAvailabilityService extends OrdersService {
  async answer(query: Query) {
    this.assertOwnStore(query.storeId);
    const start = new Date(query.from);
    const end = new Date(query.to);
    if (!(end > start)) {
      throw validationError('querystring', [
        { path: ['to'], message: ValidationCode.RentalEndBeforeStart },
      ]);
    }
    const [item] = await this.db
      .select()
      .from(equipment)
      .where(
        and(
          eq(equipment.tenantId, this.tenantId),
          eq(sql`lower(${equipment.barcodeNumber})`, query.barcode.toLowerCase()),
        ),
      );
    if (!item) throw notFound(ErrorCode.EquipmentNotFound, this.msg('EquipmentNotFound'));
    const [answer] = await itemAnswers(
      this.db,
      [item],
      { storeId: query.storeId, start, end },
      { english: this.en, timeZone: this.timeZone },
    );
    return answer!;
  }
}

export async function counterScanRoutes(app: FastifyInstance, options: { timeZone: string }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = (request: FastifyRequest) =>
    new ItemAvailabilityService(app.db, request, options.timeZone);
  r.get(
    '/api/app/orders/item-availability',
    {
      config: { access: CREATE },
      schema: {
        tags: ['orders'],
        summary:
          'Whether a scanned item may go on a new order of the store for [from, to): free, or booked / out / locked / not in stock, by which order and when',
        querystring: ItemAvailabilityQuerySchema,
        response: { 200: ItemAvailabilitySchema },
      },
    },
    async (request) => service(request).answer(request.query),
  );
}
