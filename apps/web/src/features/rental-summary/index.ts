// The public face of features/rental-summary: what app/ and other features use. Its other files are
// its own (docs/architecture.md).

export { LateFeeNotice, useLateText } from './components/late-fee-notice';
export { RentalSummary } from './components/rental-summary';
export {
  fromAgentOrder,
  fromCheckout,
  fromOrder,
  fromOrderQr,
  fromQuote,
} from './utils/summary-view';
