// The public face of features/finance: what app/ and other features use. Its other files are
// its own (docs/architecture.md).

export { methodLabel } from './components/method-table';
