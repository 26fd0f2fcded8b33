// The rental-summary feature's public face: what app/ and other features use. Its other files are its own
// (.dependency-cruiser.cjs, docs/architecture.md).

export { LateFeeNotice, useLateText } from './components/late-fee-notice';
export { RentalSummary } from './components/rental-summary';
export { fromCheckout, fromOrder, fromOrderQr, fromQuote } from './utils/summary-view';
