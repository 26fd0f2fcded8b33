import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_AUDIO_SETTINGS, useAudioSettings } from '../stores/audio-settings-store';
import { fakeBuffer, installFakeAudio, type FakeOscillator } from '../testing/fake-audio';
import { playSound, resetAudioPlayer } from './audio-player';
import { ScanStyle, SoundKind } from './sounds';

const frequencies = (oscillators: FakeOscillator[]) => oscillators.map((o) => o.frequency.value);
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('playSound', () => {
  beforeEach(() => useAudioSettings.setState(DEFAULT_AUDIO_SETTINGS));
  afterEach(() => {
    vi.useRealTimers();
    resetAudioPlayer();
  });

  it('does nothing while sound is off', async () => {
    const audio = installFakeAudio(() => Promise.resolve(fakeBuffer));
    useAudioSettings.getState().setEnabled(false);
    playSound(SoundKind.scanSuccess);
    await settle();
    expect(audio.createAudioContext).not.toHaveBeenCalled();
    expect(audio.loadFile).not.toHaveBeenCalled();
  });

  it('plays the shipped file at the chosen volume', async () => {
    const audio = installFakeAudio(() => Promise.resolve(fakeBuffer));
    useAudioSettings.getState().setVolume(0.3);
    playSound(SoundKind.warning);
    await vi.waitFor(() => expect(audio.context.sources).toHaveLength(1));
    const [source] = audio.context.sources;
    expect(audio.loadFile.mock.calls[0]?.[1]).toBe('/sounds/warning.wav');
    expect(source?.buffer).toBe(fakeBuffer);
    expect(source?.started).toBe(true);
    expect(source?.envelope.gain.value).toBe(0.3);
    expect(audio.context.oscillators).toHaveLength(0);
  });

  it('loads the file of the chosen scan style, and each file once', async () => {
    const audio = installFakeAudio(() => Promise.resolve(fakeBuffer));
    useAudioSettings.getState().setStyle(ScanStyle.classic);
    playSound(SoundKind.scanSuccess);
    playSound(SoundKind.scanSuccess);
    await vi.waitFor(() => expect(audio.context.sources).toHaveLength(2));
    expect(audio.loadFile).toHaveBeenCalledTimes(1);
    expect(audio.loadFile.mock.calls[0]?.[1]).toBe('/sounds/scan-success-classic.wav');
  });

  it('plays a generated tone when the file fails, and does not try the file again', async () => {
    const audio = installFakeAudio();
    playSound(SoundKind.scanSuccess);
    await vi.waitFor(() => expect(audio.context.oscillators).toHaveLength(1));
    playSound(SoundKind.scanSuccess);
    await vi.waitFor(() => expect(audio.context.oscillators).toHaveLength(2));
    expect(audio.loadFile).toHaveBeenCalledTimes(1);
    expect(audio.context.sources).toHaveLength(0);
  });

  it('gives up on a file that takes longer than a second', async () => {
    vi.useFakeTimers();
    let signal: AbortSignal | undefined;
    const audio = installFakeAudio((_, s) => {
      signal = s;
      return new Promise(() => undefined);
    });
    playSound(SoundKind.error);
    await vi.advanceTimersByTimeAsync(999);
    expect(audio.context.oscillators).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(audio.context.oscillators).toHaveLength(1);
    expect(signal?.aborted).toBe(true);
  });

  it.each([
    [ScanStyle.beep, [2000]],
    [ScanStyle.classic, [1568, 2093]],
    [ScanStyle.chord, [1046.5, 1318.5, 1568]],
    [ScanStyle.triple, [2000, 2000, 2000]],
  ])('builds the %s scan sound from its tones', async (style, expected) => {
    const audio = installFakeAudio();
    useAudioSettings.getState().setStyle(style);
    playSound(SoundKind.scanSuccess);
    await vi.waitFor(() => expect(audio.context.oscillators).toHaveLength(expected.length));
    expect(frequencies(audio.context.oscillators)).toEqual(expected);
  });

  it('plays the three beeps of the triple style one after another', async () => {
    const audio = installFakeAudio();
    useAudioSettings.getState().setStyle(ScanStyle.triple);
    playSound(SoundKind.scanSuccess);
    await vi.waitFor(() => expect(audio.context.oscillators).toHaveLength(3));
    const [first, second, third] = audio.context.oscillators;
    expect(first!.stopAt!).toBeLessThan(second!.startAt!);
    expect(second!.stopAt!).toBeLessThan(third!.startAt!);
  });

  it('gives success, error and warning tones of their own', async () => {
    const audio = installFakeAudio();
    playSound(SoundKind.success);
    await vi.waitFor(() => expect(audio.context.oscillators).toHaveLength(2));
    const success = frequencies(audio.context.oscillators.splice(0));
    expect(success[1]).toBeGreaterThan(success[0]!);

    playSound(SoundKind.error);
    await vi.waitFor(() => expect(audio.context.oscillators).toHaveLength(1));
    const [error] = audio.context.oscillators.splice(0);
    expect(error!.frequency.value).toBeLessThan(300);
    expect(error!.type).toBe('sawtooth');

    playSound(SoundKind.warning);
    await vi.waitFor(() => expect(audio.context.oscillators).toHaveLength(2));
    for (const f of frequencies(audio.context.oscillators)) {
      expect(f).toBeGreaterThan(400);
      expect(f).toBeLessThan(1000);
    }
  });

  it('fades each tone in and out at the chosen volume', async () => {
    const audio = installFakeAudio();
    useAudioSettings.getState().setVolume(0.4);
    playSound(SoundKind.scanSuccess);
    await vi.waitFor(() => expect(audio.context.oscillators).toHaveLength(1));
    const [beep] = audio.context.oscillators;
    const events = beep!.envelope.gain.events;
    expect(events[0]).toEqual({ kind: 'set', value: 0, time: beep!.startAt });
    expect(events.at(-1)).toEqual({ kind: 'ramp', value: 0, time: beep!.stopAt });
    const peak = Math.max(...events.map((e) => e.value));
    expect(peak).toBeCloseTo(0.5 * 0.4);
  });

  it('resumes a suspended context, and skips the sound when the browser does not allow it', async () => {
    const audio = installFakeAudio();
    audio.context.state = 'suspended';
    playSound(SoundKind.scanSuccess);
    await vi.waitFor(() => expect(audio.context.oscillators).toHaveLength(1));
    expect(audio.context.resume).toHaveBeenCalled();

    vi.useFakeTimers();
    audio.context.state = 'suspended';
    audio.context.allowResume = false;
    playSound(SoundKind.scanSuccess);
    await vi.advanceTimersByTimeAsync(2000);
    expect(audio.context.oscillators).toHaveLength(1);
  });

  it('unlocks audio on the first tap or key press, then stops listening', () => {
    const audio = installFakeAudio();
    audio.context.state = 'suspended';
    window.dispatchEvent(new Event('pointerdown'));
    expect(audio.createAudioContext).toHaveBeenCalledTimes(1);
    expect(audio.context.resume).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new Event('keydown'));
    expect(audio.context.resume).toHaveBeenCalledTimes(1);
  });

  it('waits for sound to be turned on before unlocking', () => {
    const audio = installFakeAudio();
    useAudioSettings.getState().setEnabled(false);
    window.dispatchEvent(new Event('keydown'));
    expect(audio.createAudioContext).not.toHaveBeenCalled();
    useAudioSettings.getState().setEnabled(true);
    window.dispatchEvent(new Event('keydown'));
    expect(audio.createAudioContext).toHaveBeenCalledTimes(1);
  });

  it('never throws, even when there is no audio at all', async () => {
    const audio = installFakeAudio(() => {
      throw new Error('no network');
    });
    audio.createAudioContext.mockImplementation(() => {
      throw new Error('no audio');
    });
    expect(() => playSound(SoundKind.error)).not.toThrow();
    await settle();
    expect(audio.loadFile).not.toHaveBeenCalled();
  });

  it('falls back to the tone when loading throws straight away', async () => {
    const audio = installFakeAudio(() => {
      throw new Error('no network');
    });
    expect(() => playSound(SoundKind.scanError)).not.toThrow();
    await vi.waitFor(() => expect(audio.context.oscillators).toHaveLength(2));
  });
});
