// The public face of features/driver: what app/ and other features use. Its other files are
// its own (docs/architecture.md).

export { RunAssignments } from './components/run-assignments';
