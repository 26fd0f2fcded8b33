// The public face of features/riders: what app/ and other features use. Its other files are
// its own (docs/architecture.md).

export { ridersQuery } from './api/list-riders';
export { type RiderDraft, RiderEditor, RiderForm } from './components/rider-editor';
export { RidersSection } from './components/riders-section';

// Parts loaded when first needed, each in a chunk of its own.
export const loadRiderEditor = () => import('./components/rider-editor');
