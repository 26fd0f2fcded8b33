// The riders feature's public face: what app/ and other features use. Its other files are its own
// (.dependency-cruiser.cjs, docs/architecture.md).

export { ridersQuery } from './api/list-riders';
export { type RiderDraft, RiderEditor } from './components/rider-editor';
export { RidersSection } from './components/riders-section';

// Parts loaded when first needed, each in a chunk of its own.
export const loadRiderEditor = () => import('./components/rider-editor');
