import {
  ALL_STORES_ROLES,
  Permissions,
  type PermissionName,
  type RoleName,
} from '@snowgear/contracts';
import type { CurrentUser } from '@/plugins/authentication.js';

/** What the rules below need to know of a file. */
export interface FileFacts {
  ownerId: string | null;
  businessType: string;
  /**
   * The stores of what the file belongs to: the items whose picture it is, or the order it was
   * kept with; a file attached to nothing yet belongs to its uploader's store. Empty: no store
   * (the business's logo, a customer's photo not yet handed in, a file of no business).
   */
  storeIds: readonly string[];
  /** The customer of the order the file was kept with, if any. */
  customerId: string | null;
}

type Caller = Pick<CurrentUser, 'id' | 'permissions' | 'roles' | 'primaryStoreId'>;

/**
 * The answer of a rule: `otherStore` when the caller would be allowed on a file of their own
 * store, and this one belongs to another (answered as the items and orders of another store are).
 */
export type Verdict = 'yes' | 'no' | 'otherStore';

const hasAny = (user: Caller, permissions: readonly PermissionName[]) =>
  permissions.some((p) => user.permissions.includes(p));

/** The super admin (and any role made to see every store) keeps their reach over every file. */
export const seesAllStores = (user: Pick<Caller, 'roles'>) =>
  user.roles.some((r) => ALL_STORES_ROLES.includes(r as RoleName));

/** Staff of the store the file belongs to (of each, when pictures of items of two stores). */
const inStore = (user: Caller, file: FileFacts) =>
  !!user.primaryStoreId &&
  file.storeIds.length > 0 &&
  file.storeIds.every((s) => s === user.primaryStoreId);

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

/** Who reads a type: `staff` within the file's store, `everyStore` in every store. */
interface ReadRule {
  staff: readonly PermissionName[];
  everyStore?: readonly PermissionName[];
}

/**
 * Besides the uploader, who may download a private file, by business type (docs/inventory.md).
 * A type not listed here (contracts, anything a client invents) is the uploader's alone; the
 * super admin, who oversees everything, may read every type.
 */
const READERS: Record<string, ReadRule> = {
  // Pictures not yet attached to an item: the staff who would attach them.
  EquipmentImage: { staff: EQUIPMENT_STAFF },
  // Proof of a hand-over at the door (photos of the delivery or of damage found at a pickup, the
  // recipient's signature): staff who handle orders and the drivers' side of deliveries.
  DeliveryPhoto: { staff: DELIVERY_PROOF_READERS },
  DeliverySignature: { staff: DELIVERY_PROOF_READERS },
  // Damage found at the counter (a return check-in, a batch check-in): the staff who handle the
  // store's orders and those who look after its equipment (it shows in the item's history).
  DamagePhoto: {
    staff: [
      Permissions.StoreManagement.Orders,
      Permissions.BusinessOperations.OrderProcess,
      ...EQUIPMENT_STAFF,
    ],
  },
  // A customer's signature under the rental agreement at the counter: the store's order staff.
  AgreementSignature: {
    staff: [...DELIVERY_PROOF_READERS, Permissions.BusinessOperations.OrderCreate],
  },
  // A customer's photo of gear handed back by self-return: the staff who check it in.
  SelfReturnPhoto: {
    staff: [Permissions.StoreManagement.Orders, Permissions.BusinessOperations.OrderProcess],
  },
  // A person's picture: those who manage people (a store's manager, their store's).
  Avatar: {
    staff: [Permissions.StoreManagement.Employees],
    everyStore: [Permissions.SystemManagement.Users],
  },
};

/** Business types of files kept with an order (`businessEntityId` is then the order's id). */
export const ORDER_FILE_TYPES: readonly string[] = [
  'DeliveryPhoto',
  'DeliverySignature',
  'SelfReturnPhoto',
  'DamagePhoto',
  'AgreementSignature',
];

export function mayRead(user: Caller, file: FileFacts): Verdict {
  if (file.ownerId === user.id || seesAllStores(user)) return 'yes';
  // The customer of an order sees what was kept with it (the photo and signature at their door).
  if (file.customerId !== null && file.customerId === user.id) return 'yes';
  // A file of no store (the business's logo before it is set): those who administer the system.
  if (file.storeIds.length === 0 && hasAny(user, [Permissions.SystemManagement.Default]))
    return 'yes';
  // Own keys only: a client may name its upload's type `constructor` or `toString`.
  const rule = Object.hasOwn(READERS, file.businessType) ? READERS[file.businessType] : undefined;
  if (!rule) return 'no';
  if (rule.everyStore && hasAny(user, rule.everyStore)) return 'yes';
  if (!hasAny(user, rule.staff)) return 'no';
  if (inStore(user, file)) return 'yes';
  return file.storeIds.length > 0 ? 'otherStore' : 'no';
}

/**
 * Deleting (and replacing through `overrideExisting`): one's own files, and equipment pictures
 * for the staff who look after the equipment of the item's store. `ownOnly` is the my-files call.
 */
export function mayDelete(user: Caller, file: FileFacts, ownOnly = false): Verdict {
  if (file.ownerId === user.id) return 'yes';
  if (ownOnly || file.businessType !== 'EquipmentImage' || !hasAny(user, EQUIPMENT_STAFF))
    return 'no';
  if (seesAllStores(user) || inStore(user, file)) return 'yes';
  return file.storeIds.length > 0 ? 'otherStore' : 'no';
}
