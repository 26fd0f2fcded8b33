// The public face of features/home: what app/ and other features use. Its other files are
// its own (docs/architecture.md).

export { prefetchStoreDashboard } from './api/get-store-dashboard';
export { WelcomeCard } from './components/welcome-card';
