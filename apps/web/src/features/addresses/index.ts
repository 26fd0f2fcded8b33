// The public face of features/addresses: what app/ and other features use. Its other files are
// its own (docs/architecture.md).

export { AddressesSection } from './components/addresses-section';
export { SavedAddressPicker } from './components/saved-address-picker';
export const loadSavedAddressPicker = () => import('./components/saved-address-picker');
