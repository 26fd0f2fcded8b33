// The public face of features/orders: what app/ and other features use. Its other files are
// its own (docs/architecture.md).

export { useOrder } from './api/get-order';
export { getOrderByNumber } from './api/get-order-by-number';
export { writeOrderListFilters } from './api/list-orders';
export { useConfirmCash } from './api/order-actions';
export { ApprovalsTile } from './components/approvals-tile';
export { ApprovalsWaiting } from './components/approvals-waiting';
// The home tab's count, loaded by the shell on store pages only.
export const loadApprovalsTabBadge = () => import('./components/approvals-waiting');
export { DinLines } from './components/din-lines';
export { HandoverPanel } from './components/handover-panel';
export { OrderCard } from './components/order-card';
export { OrderTimeline } from './components/order-sections';
export { OrderTotal } from './components/order-total';
export { savedOrderQrs } from './utils/saved-order-qr';
