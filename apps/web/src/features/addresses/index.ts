// The addresses feature's public face: what app/ and other features use. Its other files are its own
// (.dependency-cruiser.cjs, docs/architecture.md).

export { AddressesSection } from './components/addresses-section';
export { SavedAddressPicker } from './components/saved-address-picker';
