// The store-navigation feature's public face: what app/ and other features use. Its other files are its own
// (.dependency-cruiser.cjs, docs/architecture.md).

export { StoreNavigationButton } from './components/store-navigation';
export { addressSearchLinks } from './utils/map-links';
