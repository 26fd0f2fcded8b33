import type { FastifyRequest } from 'fastify';
import {
  ADDRESSES_MAX,
  ErrorCode,
  type CustomerAddress,
  type CustomerAddressInputSchema,
} from '@snowgear/contracts';
import type { z } from 'zod';
import type { Database } from '@/db/client.js';
import { conflictError, notFound } from '@/lib/errors.js';
import { message } from '@/lib/messages.js';
import {
  clearDefault,
  countAddresses,
  deleteAddress,
  insertAddress,
  listAddresses,
  lockOwner,
  makeNewestDefault,
  updateAddress,
  type AddressRow,
  type Owner,
} from './repository.js';

type AddressInput = z.output<typeof CustomerAddressInputSchema>;

export function toCustomerAddress(row: AddressRow): CustomerAddress {
  return {
    id: row.id,
    label: row.label,
    address: row.address,
    isDefault: row.isDefault,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The signed-in customer's saved addresses for delivery and pickup. An account with any has
 * exactly one default: the first is it, making another the default takes it over, and deleting
 * it passes it to the newest left. Each change runs in one transaction under the owner's lock.
 * Nobody else sees them: another account's address is not found.
 */
export class AddressesService {
  constructor(
    private readonly db: Database,
    private readonly request: FastifyRequest,
  ) {}

  private get owner(): Owner {
    return { tenantId: this.request.tenantId, userId: this.request.user!.id };
  }
  private notFound() {
    return notFound(ErrorCode.AddressNotFound, message(this.request, 'AddressNotFound'));
  }

  async list(): Promise<CustomerAddress[]> {
    return (await listAddresses(this.db, this.owner)).map(toCustomerAddress);
  }

  async create(input: AddressInput): Promise<CustomerAddress> {
    const row = await this.db.transaction(async (tx) => {
      await lockOwner(tx, this.owner);
      const existing = await countAddresses(tx, this.owner);
      if (existing >= ADDRESSES_MAX) {
        throw conflictError(
          ErrorCode.AddressLimitReached,
          message(this.request, 'AddressLimitReached', { max: ADDRESSES_MAX }),
          { max: ADDRESSES_MAX },
        );
      }
      const created = await insertAddress(tx, this.owner, {
        label: input.label,
        address: input.address,
        isDefault: input.isDefault || existing === 0,
      });
      if (created.isDefault) await clearDefault(tx, this.owner, created.id);
      return created;
    });
    return toCustomerAddress(row);
  }

  async update(id: string, input: AddressInput): Promise<CustomerAddress> {
    const row = await this.db.transaction(async (tx) => {
      await lockOwner(tx, this.owner);
      // isDefault false leaves the mark where it is: the default moves only to another address.
      const updated = await updateAddress(tx, this.owner, id, {
        label: input.label,
        address: input.address,
        ...(input.isDefault ? { isDefault: true } : {}),
      });
      if (!updated) throw this.notFound();
      if (input.isDefault) await clearDefault(tx, this.owner, updated.id);
      return updated;
    });
    return toCustomerAddress(row);
  }

  async remove(id: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await lockOwner(tx, this.owner);
      const deleted = await deleteAddress(tx, this.owner, id);
      if (!deleted) throw this.notFound();
      if (deleted.isDefault) await makeNewestDefault(tx, this.owner);
    });
  }
}
