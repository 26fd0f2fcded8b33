import type { FastifyRequest } from 'fastify';
import {
  BusinessParameterKey,
  counterSignatureRequired,
  ErrorCode,
  type OrderCreateSchema,
  type RiderList,
} from '@snowgear/contracts';
import type { z } from 'zod';
import type { Database } from '@/db/client.js';
import type { OrderRiderSnapshot } from '@/db/schema.js';
import { agreementVersion } from '@/lib/agreement.js';
import { sharedRead } from '@/lib/shared-read.js';
import { businessParameter } from '@/lib/business-parameters.js';
import { AppError } from '@/lib/errors.js';
import { message } from '@/lib/messages.js';
import { findSystemSettings } from '@/modules/config-distribution/repository.js';
import { SystemSettingKey } from '@/modules/config-distribution/system-setting-keys.js';
import { findVerifiedCustomerByPhone } from '@/modules/identity/repository.js';
import { listRiders } from '@/modules/riders/repository.js';
import { businessYear, toRiderProfile } from '@/modules/riders/service.js';
import type { OrderCreateExtras } from './service.js';

type OrderCreateInput = z.output<typeof OrderCreateSchema>;

/**
 * A counter order (`POST /api/app/orders`): its people on the lines (a group's members, each
 * line for one of them) and the customer's signature under the rental agreement, which the store
 * requires unless its `CounterSignatureRequired` parameter says 'false'.
 */
export async function counterOrderExtras(
  db: Database,
  request: FastifyRequest,
  input: OrderCreateInput,
): Promise<OrderCreateExtras> {
  const tenantId = request.tenantId;
  // A rush of counter orders asks once (lib/shared-read.ts): settings change far more slowly.
  const { version, required } = await sharedRead(
    db,
    `counter signature ${tenantId} ${input.storeId}`,
    async () => {
      const settings = await findSystemSettings(db, tenantId);
      const text = settings.get(SystemSettingKey.RentalAgreement) ?? '';
      const version = agreementVersion(
        text,
        settings.get(SystemSettingKey.RentalAgreementEn) ?? '',
      );
      // Nothing to sign while the business has no agreement text (the create page says so too).
      const required =
        text.trim() !== '' &&
        counterSignatureRequired(
          await businessParameter(
            db,
            tenantId,
            input.storeId,
            BusinessParameterKey.CounterSignatureRequired,
          ),
        );
      return { text, version, required };
    },
  );
  let agreement: OrderCreateExtras['agreement'];
  if (input.agreement) {
    if (version !== input.agreement.version) {
      throw new AppError(
        409,
        ErrorCode.AgreementChanged,
        message(request, 'BookingAgreementChanged'),
      );
    }
    // Whether the clerk uploaded it on this phone just now (another's file, or a photo, is
    // refused) is checked where the order claims it, in its transaction (OrdersService.create):
    // a rush of orders for gear already taken is refused before any of them reads its own file.
    agreement = {
      version: input.agreement.version,
      acceptedAt: new Date(),
      acceptedFrom: request.ip,
      signatureId: input.agreement.signatureFileId,
    };
  } else if (required) {
    throw new AppError(
      400,
      ErrorCode.CounterSignatureRequired,
      message(request, 'CounterSignatureRequired'),
    );
  }
  await assertCustomersRiders(db, request, input);
  const riderOf = new Map((input.riders ?? []).map((r) => [r.key, r]));
  return {
    agreement,
    lines: input.items.map((item) => {
      const rider = item.riderKey ? riderOf.get(item.riderKey) : undefined;
      return rider
        ? {
            riderKey: rider.key,
            riderProfileId: rider.profileId ?? undefined,
            rider: riderSnapshot(rider),
          }
        : {};
    }),
  };
}

/** Saved riders named on the order are those of the customer with the order's phone number. */
async function assertCustomersRiders(
  db: Database,
  request: FastifyRequest,
  input: OrderCreateInput,
) {
  const wanted = (input.riders ?? []).flatMap((r) => (r.profileId ? [r.profileId] : []));
  if (wanted.length === 0) return;
  const customer = await findVerifiedCustomerByPhone(db, request.tenantId, input.customerPhone);
  const theirs = customer
    ? new Set(
        (await listRiders(db, { tenantId: request.tenantId, ownerId: customer.id })).map(
          (r) => r.id,
        ),
      )
    : new Set<string>();
  if (!wanted.every((id) => theirs.has(id))) {
    throw new AppError(400, ErrorCode.RiderNotFound, message(request, 'CounterRiderNotCustomers'));
  }
}

/**
 * At the counter: the saved riders of the customer with this verified phone number, to pick the
 * people of an order from (none when no such customer). Riders belong to the business's
 * customers, not to a store: any store of the business may read them for an order.
 */
export async function customerRiders(
  db: Database,
  request: FastifyRequest,
  phone: string,
  timeZone: string,
): Promise<RiderList> {
  const customer = await findVerifiedCustomerByPhone(db, request.tenantId, phone);
  if (!customer) return { items: [] };
  const rows = await listRiders(db, { tenantId: request.tenantId, ownerId: customer.id });
  const year = businessYear(timeZone);
  return { items: rows.map((row) => toRiderProfile(row, year)) };
}

/**
 * A rider as booked, kept with each of their order lines (the profile may change next season):
 * the same for a customer's booking and a counter order.
 */
export function riderSnapshot(rider: OrderRiderSnapshot): OrderRiderSnapshot {
  return {
    name: rider.name,
    heightCm: rider.heightCm,
    weightKg: rider.weightKg,
    age: rider.age,
    ability: rider.ability,
    bootSizeMondopoint: rider.bootSizeMondopoint,
    bootSoleLengthMm: rider.bootSoleLengthMm,
    stance: rider.stance,
  };
}
