/** What tests read of an item (GET or by-barcode) to save it again. */
export interface ItemAsRead {
  categoryId: string;
  name: string;
  brand?: string | null;
  model?: string | null;
  dailyRentPrice: number;
  deposit: number;
  remarks?: string | null;
  attributes: { attributeId: string; value: string }[];
  imageFiles: { id: string }[];
}

/**
 * The body of `PUT /api/app/equipment/:id` that saves the item as it was read, but for
 * `changes`: as the inventory form sends it, every field, the pictures it has kept.
 */
export function equipmentSaveBody(item: ItemAsRead, changes: Record<string, unknown> = {}) {
  return {
    categoryId: item.categoryId,
    name: item.name,
    brand: item.brand,
    model: item.model,
    dailyRentPrice: item.dailyRentPrice,
    deposit: item.deposit,
    remarks: item.remarks,
    attributes: item.attributes.map(({ attributeId, value }) => ({ attributeId, value })),
    imageFileIds: item.imageFiles.map((file) => file.id),
    ...changes,
  };
}
