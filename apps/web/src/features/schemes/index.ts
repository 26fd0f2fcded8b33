// The public face of features/schemes: what app/ and other features use. Its other files are
// its own (docs/architecture.md).

export { SaveScheme } from './components/save-scheme';
export const loadSaveScheme = () => import('./components/save-scheme');
