// The public face of features/store-navigation: what app/ and other features use. Its other files are
// its own (docs/architecture.md).

export { StoreNavigationButton } from './components/store-navigation';
export { addressSearchLinks } from './utils/map-links';
