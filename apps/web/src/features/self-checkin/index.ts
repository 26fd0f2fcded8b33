// The public face of features/self-checkin: what app/ and other features use. Its other files are
// its own (docs/architecture.md).

export { SelfCheckinButton } from './components/self-checkin-sheet';
