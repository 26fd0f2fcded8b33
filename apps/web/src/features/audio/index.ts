// The public face of features/audio: what app/ and other features use. Its other files are
// its own (docs/architecture.md).

export { AudioSettingsSection } from './components/audio-settings-section';
export { playSound } from './utils/audio-player';
export { SoundKind } from './utils/sounds';
