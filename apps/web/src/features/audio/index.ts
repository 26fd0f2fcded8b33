// The audio feature's public face: what app/ and other features use. Its other files are its own
// (.dependency-cruiser.cjs, docs/architecture.md).

export { AudioSettingsSection } from './components/audio-settings-section';
export { playSound } from './utils/audio-player';
export { SoundKind } from './utils/sounds';
