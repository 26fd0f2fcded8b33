import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  BookingCartSchema,
  BookingCatalogQuerySchema,
  BookingCatalogSchema,
  BookingCreateSchema,
  BookingFullDaysRequestSchema,
  BookingFullDaysSchema,
  BookingQuoteSchema,
  OrderSchema,
  RoleName,
} from '@snowgear/contracts';
import { PUBLIC } from '@/lib/access.js';
import { BookingService } from './service.js';

const tags = ['booking'];

/** The customer's booking: the catalog, a quote (both before signing in) and the booking itself. */
export async function bookingRoutes(app: FastifyInstance, options: { timeZone: string }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/app/booking/catalog',
    {
      config: { access: PUBLIC },
      schema: {
        tags,
        summary:
          'What a store rents for a window: its kinds (category and size) and packs, with prices and how many are free now',
        querystring: BookingCatalogQuerySchema,
        response: { 200: BookingCatalogSchema },
      },
    },
    async (request) => new BookingService(app.db, request, options.timeZone).catalog(request.query),
  );

  r.post(
    '/api/app/booking/quote',
    {
      config: { access: PUBLIC },
      schema: {
        tags,
        summary:
          'Price a booking cart: lines (packs shared over their parts), rent, deposit, fees, total, and what cannot be held now',
        body: BookingCartSchema,
        response: { 200: BookingQuoteSchema },
      },
    },
    async (request) => new BookingService(app.db, request, options.timeZone).quote(request.body),
  );

  r.post(
    '/api/app/booking/full-days',
    {
      config: { access: PUBLIC },
      schema: {
        tags,
        summary:
          'The days ahead on which the cart cannot be held at its time of day: what the calendar greys as fully booked',
        body: BookingFullDaysRequestSchema,
        response: { 200: BookingFullDaysSchema },
      },
    },
    async (request) => ({
      fullDays: await new BookingService(app.db, request, options.timeZone).fullDays(
        request.body.cart,
        request.body.from,
      ),
    }),
  );

  r.post(
    '/api/app/booking/orders',
    {
      config: { access: { roles: [RoleName.Customer] } },
      schema: {
        tags,
        summary:
          'Book the cart as an Online order, Unpaid, every line holding an item of its kind; riders are saved to the profile',
        body: BookingCreateSchema,
        response: { 201: OrderSchema },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await new BookingService(app.db, request, options.timeZone).book(request.body)),
  );
}
