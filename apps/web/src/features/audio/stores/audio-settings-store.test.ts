import { beforeEach, describe, expect, it } from 'vitest';
import { ScanStyle } from '../utils/sounds';
import {
  clampVolume,
  DEFAULT_AUDIO_SETTINGS,
  loadAudioSettings,
  useAudioSettings,
} from './audio-settings-store';

describe('audio settings', () => {
  beforeEach(() => useAudioSettings.setState(DEFAULT_AUDIO_SETTINGS));

  it('defaults to sound on, half volume and the beep style', () => {
    expect(loadAudioSettings()).toEqual({ enabled: true, volume: 0.5, style: 'beep' });
  });

  it('reads the saved settings', () => {
    window.localStorage.setItem('audio_enabled', 'false');
    window.localStorage.setItem('audio_volume', '0.8');
    window.localStorage.setItem('audio_style', 'chord');
    expect(loadAudioSettings()).toEqual({ enabled: false, volume: 0.8, style: 'chord' });
  });

  it('falls back to the defaults for values it cannot read', () => {
    window.localStorage.setItem('audio_enabled', 'maybe');
    window.localStorage.setItem('audio_volume', 'loud');
    window.localStorage.setItem('audio_style', 'disco');
    expect(loadAudioSettings()).toEqual(DEFAULT_AUDIO_SETTINGS);
    window.localStorage.setItem('audio_volume', '');
    expect(loadAudioSettings().volume).toBe(0.5);
  });

  it('clamps the volume to 0–1, saved or set', () => {
    window.localStorage.setItem('audio_volume', '7');
    expect(loadAudioSettings().volume).toBe(1);
    window.localStorage.setItem('audio_volume', '-2');
    expect(loadAudioSettings().volume).toBe(0);
    expect(clampVolume(Number.NaN)).toBe(0.5);

    useAudioSettings.getState().setVolume(1.5);
    expect(useAudioSettings.getState().volume).toBe(1);
    expect(window.localStorage.getItem('audio_volume')).toBe('1');
    useAudioSettings.getState().setVolume(-0.3);
    expect(useAudioSettings.getState().volume).toBe(0);
    expect(window.localStorage.getItem('audio_volume')).toBe('0');
  });

  it('saves each change under its key', () => {
    const { setEnabled, setVolume, setStyle } = useAudioSettings.getState();
    setEnabled(false);
    setVolume(0.25);
    setStyle(ScanStyle.triple);
    expect(window.localStorage.getItem('audio_enabled')).toBe('false');
    expect(window.localStorage.getItem('audio_volume')).toBe('0.25');
    expect(window.localStorage.getItem('audio_style')).toBe('triple');
    expect(useAudioSettings.getState()).toMatchObject({
      enabled: false,
      volume: 0.25,
      style: 'triple',
    });
    expect(loadAudioSettings()).toEqual({ enabled: false, volume: 0.25, style: 'triple' });
  });

  it('ignores a style that does not exist', () => {
    useAudioSettings.getState().setStyle('disco' as ScanStyle);
    expect(useAudioSettings.getState().style).toBe('beep');
    expect(window.localStorage.getItem('audio_style')).toBeNull();
  });
});
