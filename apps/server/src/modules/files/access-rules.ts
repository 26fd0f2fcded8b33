import { Permissions, type PermissionName } from '@snowgear/contracts';
import type { CurrentUser } from '@/plugins/authentication.js';

/** What the rules below need to know of a file. */
export interface FileFacts {
  ownerId: string | null;
  businessType: string;
}

type Caller = Pick<CurrentUser, 'id' | 'permissions'>;

const hasAny = (user: Caller, permissions: readonly PermissionName[]) =>
  permissions.some((p) => user.permissions.includes(p));

/** Staff who look after the equipment: they attach, replace and remove its pictures. */
const EQUIPMENT_STAFF = [
  Permissions.BusinessOperations.EquipmentUpdate,
  Permissions.BusinessOperations.InventoryManage,
] as const;

const DELIVERY_PROOF_READERS = [
  Permissions.StoreManagement.Orders,
  Permissions.BusinessOperations.OrderProcess,
  Permissions.DeliveryManagement.DeliveryOrders,
  Permissions.DeliveryManagement.PickupOrders,
] as const;

/**
 * Besides the uploader, who may download a private file, by business type (docs/inventory.md).
 * A type not listed here (contracts, anything a client invents) is the uploader's alone; the
 * super admin, who oversees everything, may read every type.
 */
const READERS: Record<string, readonly PermissionName[]> = {
  // Pictures not yet attached to an item: the staff who would attach them.
  EquipmentImage: EQUIPMENT_STAFF,
  // Proof of a hand-over at the door (photos of the delivery or of damage found at a pickup, the
  // recipient's signature): staff who handle orders and the drivers' side of deliveries.
  DeliveryPhoto: DELIVERY_PROOF_READERS,
  DeliverySignature: DELIVERY_PROOF_READERS,
  // A customer's photo of gear handed back by self-return: the staff who check it in.
  SelfReturnPhoto: [
    Permissions.StoreManagement.Orders,
    Permissions.BusinessOperations.OrderProcess,
  ],
  // A person's picture: those who manage people.
  Avatar: [Permissions.SystemManagement.Users, Permissions.StoreManagement.Employees],
};

export function mayRead(user: Caller, file: FileFacts): boolean {
  if (file.ownerId === user.id) return true;
  if (hasAny(user, [Permissions.SystemManagement.Default])) return true;
  // Own keys only: a client may name its upload's type `constructor` or `toString`.
  return Object.hasOwn(READERS, file.businessType) && hasAny(user, READERS[file.businessType]!);
}

/**
 * Deleting (and replacing through `overrideExisting`): one's own files, and equipment pictures
 * for the staff who look after equipment. `ownOnly` is the my-files call.
 */
export function mayDelete(user: Caller, file: FileFacts, ownOnly = false): boolean {
  if (file.ownerId === user.id) return true;
  return !ownOnly && file.businessType === 'EquipmentImage' && hasAny(user, EQUIPMENT_STAFF);
}
