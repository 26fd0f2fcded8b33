// The cash-on-delivery feature's public face: what app/ and other features use. Its other files are its own
// (.dependency-cruiser.cjs, docs/architecture.md).

export { usePayAtDoor } from './api/pay-at-door';
export { CollectOnDeliveryTag } from './components/collect-on-delivery-tag';
