// The stores feature's public face: what app/ and other features use. Its other files are its own
// (.dependency-cruiser.cjs, docs/architecture.md).

export { StoreCard } from './components/store-card';
export { StoreSelector } from './components/store-selector';
export { WorkingStoreBar } from './components/working-store-bar';
export { useWorkingStore, workingStoreNow } from './hooks/use-working-store';
export {
  initCurrentStore,
  refreshStores,
  switchStore,
  useCurrentStore,
} from './stores/current-store';
