// The public face of features/admin: what app/ and other features use. Its other files are
// its own (docs/architecture.md).

export { sectionsFor } from './sections';
