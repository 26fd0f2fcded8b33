// The public face of features/payments: what app/ and other features use. Its other files are
// its own (docs/architecture.md).

export { useCheckout } from './api/get-checkout';
export { useRefundOnline } from './api/refund-online';
export { CheckoutSummary } from './components/checkout-summary';
export { MethodPicker } from './components/method-picker';
export { OnlinePayment } from './components/online-payment';
