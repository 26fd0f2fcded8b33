import { create } from 'zustand';
import { storage, StorageKey } from '@/lib/storage';
import { ScanStyle, scanStyles } from '../utils/sounds';

/** The audio settings of spec §3: on or off, volume 0–1 and the scan-success style. */
export interface AudioSettings {
  enabled: boolean;
  volume: number;
  style: ScanStyle;
}

export const DEFAULT_AUDIO_SETTINGS: AudioSettings = {
  enabled: true,
  volume: 0.5,
  style: ScanStyle.beep,
};

/** Volume within 0–1; anything that is not a number is the default. */
export function clampVolume(volume: number): number {
  if (!Number.isFinite(volume)) return DEFAULT_AUDIO_SETTINGS.volume;
  return Math.min(1, Math.max(0, volume));
}

export function isScanStyle(value: unknown): value is ScanStyle {
  return scanStyles.includes(value as ScanStyle);
}

/** The saved settings; a missing or unreadable value is its default. */
export function loadAudioSettings(): AudioSettings {
  const enabled = storage.get(StorageKey.audioEnabled);
  const volume = storage.get(StorageKey.audioVolume);
  const style = storage.get(StorageKey.audioStyle);
  return {
    enabled:
      enabled === 'false' ? false : enabled === 'true' ? true : DEFAULT_AUDIO_SETTINGS.enabled,
    volume:
      volume === null || volume.trim() === ''
        ? DEFAULT_AUDIO_SETTINGS.volume
        : clampVolume(Number(volume)),
    style: isScanStyle(style) ? style : DEFAULT_AUDIO_SETTINGS.style,
  };
}

interface AudioSettingsState extends AudioSettings {
  setEnabled: (enabled: boolean) => void;
  setVolume: (volume: number) => void;
  setStyle: (style: ScanStyle) => void;
}

export const useAudioSettings = create<AudioSettingsState>()((set) => ({
  ...loadAudioSettings(),
  setEnabled: (enabled) => {
    storage.set(StorageKey.audioEnabled, String(enabled));
    set({ enabled });
  },
  setVolume: (value) => {
    const volume = clampVolume(value);
    storage.set(StorageKey.audioVolume, String(volume));
    set({ volume });
  },
  setStyle: (style) => {
    if (!isScanStyle(style)) return;
    storage.set(StorageKey.audioStyle, style);
    set({ style });
  },
}));
