// The public face of features/app-state: what app/ and other features use. Its other files are
// its own (docs/architecture.md).

export { GlobalMessages } from './components/global-messages';
export { UpdatePrompt } from './components/update-prompt';
export { applyTheme, isWeChatBrowser, savedTheme, useAppStore } from './stores/app-store';

// Parts loaded when first needed, each in a chunk of its own.
export const loadServiceWorker = () => import('./service-worker');
