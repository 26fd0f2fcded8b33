// The public face of features/inventory: what app/ and other features use. Its other files are
// its own (docs/architecture.md).

export { useCategories, useFilterableAttributes } from './api/get-categories';
export { getEquipmentByBarcode } from './api/get-equipment-by-barcode';
export { type EquipmentFilters, equipmentKey, listEquipment } from './api/list-equipment';
export { prefetchInventoryList } from './api/prefetch-inventory-list';
export { BatchDamage, updateMark } from './components/batch-damage';
export { EquipmentDialog } from './components/equipment-dialog';
export { todayIn } from './utils/stock-form';

// Parts loaded when first needed, each in a chunk of its own.
export const loadEquipmentDialog = () => import('./components/equipment-dialog');
