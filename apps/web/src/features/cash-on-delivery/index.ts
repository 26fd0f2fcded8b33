// The public face of features/cash-on-delivery: what app/ and other features use. Its other files are
// its own (docs/architecture.md).

export { usePayAtDoor } from './api/pay-at-door';
export { CollectOnDeliveryTag } from './components/collect-on-delivery-tag';
