// The home feature's public face: what app/ and other features use. Its other files are its own
// (.dependency-cruiser.cjs, docs/architecture.md).

export { prefetchStoreDashboard } from './api/get-store-dashboard';
export { WelcomeCard } from './components/welcome-card';
