// The public face of features/stores: what app/ and other features use. Its other files are
// its own (docs/architecture.md).

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
