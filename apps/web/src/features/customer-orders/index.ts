// The public face of features/customer-orders: what app/ and other features use. Its other files are
// its own (docs/architecture.md).

export { gearStep } from './utils/my-order-rules';
