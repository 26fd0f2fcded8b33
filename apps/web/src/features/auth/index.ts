// The public face of features/auth: what app/ and other features use. Its other files are
// its own (docs/architecture.md).

export { jsSdkConfig } from './api/wechat';
export { passwordProblems } from './components/change-password-popup';
export { ProfileView } from './components/profile-view';
export { roleLabel } from './components/role-name';
export {
  clearSession,
  refreshIfNeeded,
  restoreSession,
  sessionSnapshot,
  useSession,
} from './stores/session-store';
export { useOwnStoreName } from './stores/own-store-name';
export { watchGrants } from './stores/watch-grants';
export { displayName } from './utils/token';
