import type { FastifyRequest } from 'fastify';
import {
  ErrorCode,
  RIDER_LIMITS,
  RIDERS_MAX,
  type RiderProfile,
  type RiderProfileInputSchema,
} from '@snowgear/contracts';
import type { z } from 'zod';
import type { Database } from '@/db/client.js';
import { conflictError, notFound } from '@/lib/errors.js';
import { message } from '@/lib/messages.js';
import {
  clearSelf,
  countRiders,
  deleteRider,
  insertRider,
  listRiders,
  lockOwner,
  updateRider,
  type Owner,
  type RiderRow,
  type RiderValues,
} from './repository.js';

type RiderInput = z.output<typeof RiderProfileInputSchema>;

/** The calendar year now in the business time zone (ages are counted in it). */
export function businessYear(timeZone: string, now = new Date()): number {
  return Number(new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric' }).format(now));
}

/**
 * What is stored: the age as a year of birth, so it is still right next season; the Mondopoint
 * in tenths (26.5 → 265).
 */
export function toRiderValues(input: RiderInput, year: number): RiderValues {
  return {
    name: input.name,
    isSelf: input.isSelf,
    heightCm: input.heightCm,
    weightKg: input.weightKg,
    birthYear: input.age === null ? null : year - input.age,
    ability: input.ability,
    bootSizeMondopointMm:
      input.bootSizeMondopoint === null ? null : Math.round(input.bootSizeMondopoint * 10),
    bootSoleLengthMm: input.bootSoleLengthMm,
    stance: input.stance,
  };
}

/** The rider as read: the age this year (kept within the bounds a rider may be given). */
export function toRiderProfile(row: RiderRow, year: number): RiderProfile {
  const { min, max } = RIDER_LIMITS.age;
  return {
    id: row.id,
    name: row.name,
    isSelf: row.isSelf,
    heightCm: row.heightCm,
    weightKg: row.weightKg,
    age: row.birthYear === null ? null : Math.min(max, Math.max(min, year - row.birthYear)),
    ability: row.ability,
    bootSizeMondopoint: row.bootSizeMondopointMm === null ? null : row.bootSizeMondopointMm / 10,
    bootSoleLengthMm: row.bootSoleLengthMm,
    stance: row.stance,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The signed-in user's riders (themselves and family members) with what sizing and the DIN
 * suggestion need, kept for next season. Nobody else sees them: another account's rider is not
 * found.
 */
export class RidersService {
  constructor(
    private readonly db: Database,
    private readonly request: FastifyRequest,
    private readonly timeZone: string,
  ) {}

  private get owner(): Owner {
    return { tenantId: this.request.tenantId, ownerId: this.request.user!.id };
  }
  private get year() {
    return businessYear(this.timeZone);
  }
  private notFound() {
    return notFound(ErrorCode.RiderNotFound, message(this.request, 'RiderNotFound'));
  }

  async list(): Promise<RiderProfile[]> {
    const year = this.year;
    return (await listRiders(this.db, this.owner)).map((row) => toRiderProfile(row, year));
  }

  async create(input: RiderInput): Promise<RiderProfile> {
    const year = this.year;
    const row = await this.db.transaction(async (tx) => {
      await lockOwner(tx, this.owner);
      if ((await countRiders(tx, this.owner)) >= RIDERS_MAX) {
        throw conflictError(
          ErrorCode.RiderLimitReached,
          message(this.request, 'RiderLimitReached', { max: RIDERS_MAX }),
        );
      }
      const created = await insertRider(tx, this.owner, toRiderValues(input, year));
      if (created.isSelf) await clearSelf(tx, this.owner, created.id);
      return created;
    });
    return toRiderProfile(row, year);
  }

  async update(id: string, input: RiderInput): Promise<RiderProfile> {
    const year = this.year;
    const row = await this.db.transaction(async (tx) => {
      await lockOwner(tx, this.owner);
      const updated = await updateRider(tx, this.owner, id, toRiderValues(input, year));
      if (!updated) throw this.notFound();
      if (updated.isSelf) await clearSelf(tx, this.owner, updated.id);
      return updated;
    });
    return toRiderProfile(row, year);
  }

  async remove(id: string): Promise<void> {
    if (!(await deleteRider(this.db, this.owner, id))) throw this.notFound();
  }
}
