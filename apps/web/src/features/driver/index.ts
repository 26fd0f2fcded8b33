// The driver feature's public face: what app/ and other features use. Its other files are its own
// (.dependency-cruiser.cjs, docs/architecture.md).

export { RunAssignments } from './components/run-assignments';
