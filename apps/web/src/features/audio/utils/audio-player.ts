import { useAudioSettings } from '../stores/audio-settings-store';
import {
  ATTACK_SECONDS,
  RELEASE_SECONDS,
  soundFileName,
  tonesFor,
  type ScanStyle,
  type SoundKind,
  type Tone,
} from './sounds';

/** A sound file that has not loaded within this time is given up for the session. */
export const FILE_TIMEOUT_MS = 1000;
/** How long a sound waits for a suspended audio context to resume before it is skipped. */
const RESUME_WAIT_MS = 300;

/** What the player needs from the browser; tests replace it (jsdom has no Web Audio). */
export interface AudioEnvironment {
  createAudioContext: () => AudioContext | null;
  loadFile: (context: AudioContext, url: string, signal: AbortSignal) => Promise<AudioBuffer>;
}

const browserEnvironment: AudioEnvironment = {
  createAudioContext: () => {
    const Context =
      window.AudioContext ??
      (window as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    return Context ? new Context() : null;
  },
  loadFile: async (context, url, signal) => {
    const response = await fetch(url, { signal });
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
    return context.decodeAudioData(await response.arrayBuffer());
  },
};

let environment = browserEnvironment;
let context: AudioContext | null = null;
/** Each file's load, kept for the session: its sound, or null once it failed or was too slow. */
const files = new Map<string, Promise<AudioBuffer | null>>();

/**
 * Plays a feedback sound at the configured volume: the shipped file, else a generated tone.
 * Does nothing when sound is off; never throws and never makes the caller wait.
 */
export function playSound(kind: SoundKind): void {
  const { enabled, volume, style } = useAudioSettings.getState();
  if (!enabled || volume <= 0) return;
  play(kind, style, volume).catch(() => undefined);
}

async function play(kind: SoundKind, style: ScanStyle, volume: number) {
  const audio = await runningContext();
  if (!audio) return;
  const buffer = await loadFile(audio, soundFileName(kind, style));
  if (buffer) playBuffer(audio, buffer, volume);
  else playTones(audio, tonesFor(kind, style), volume);
}

function audioContext(): AudioContext | null {
  if (!context) {
    try {
      context = environment.createAudioContext();
    } catch {
      context = null;
    }
  }
  return context;
}

/**
 * Browsers keep audio suspended until a tap or key press. A sound queued while suspended would
 * play late, together with every other queued one, so it waits briefly and is otherwise skipped.
 */
async function runningContext(): Promise<AudioContext | null> {
  const audio = audioContext();
  if (!audio) return null;
  if (audio.state !== 'running') {
    listenForUnlock();
    await Promise.race([audio.resume().catch(() => undefined), delay(RESUME_WAIT_MS)]);
  }
  return audio.state === 'running' ? audio : null;
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function loadFile(audio: AudioContext, fileName: string): Promise<AudioBuffer | null> {
  const url = `${import.meta.env.BASE_URL}sounds/${fileName}`;
  let load = files.get(url);
  if (!load) {
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<null>((resolve) => {
      timer = setTimeout(() => {
        controller.abort();
        resolve(null);
      }, FILE_TIMEOUT_MS);
    });
    const file = Promise.resolve().then(() => environment.loadFile(audio, url, controller.signal));
    load = Promise.race([file, timeout])
      .catch(() => null)
      .finally(() => clearTimeout(timer));
    files.set(url, load);
  }
  return load;
}

function playBuffer(audio: AudioContext, buffer: AudioBuffer, volume: number) {
  const source = audio.createBufferSource();
  source.buffer = buffer;
  const gain = audio.createGain();
  gain.gain.value = volume;
  source.connect(gain);
  gain.connect(audio.destination);
  source.onended = () => gain.disconnect();
  source.start();
}

/** Each tone is an oscillator behind a gain envelope that ramps in and out (no clicks). */
function playTones(audio: AudioContext, tones: readonly Tone[], volume: number) {
  const now = audio.currentTime;
  for (const tone of tones) {
    const start = now + tone.start;
    const end = start + tone.duration;
    const peak = tone.level * volume;
    const oscillator = audio.createOscillator();
    oscillator.type = tone.waveform;
    oscillator.frequency.value = tone.frequency;
    const gain = audio.createGain();
    gain.gain.value = 0;
    gain.gain.setValueAtTime(0, start);
    gain.gain.linearRampToValueAtTime(peak, start + ATTACK_SECONDS);
    gain.gain.setValueAtTime(peak, end - RELEASE_SECONDS);
    gain.gain.linearRampToValueAtTime(0, end);
    oscillator.connect(gain);
    gain.connect(audio.destination);
    oscillator.onended = () => gain.disconnect();
    oscillator.start(start);
    oscillator.stop(end);
  }
}

const unlockEvents = ['pointerdown', 'keydown'] as const;
let unlockListening = false;

/**
 * Creates or resumes the audio context inside the user's first tap or key press, the only place
 * mobile browsers allow it. While sound is off it keeps listening, so turning it on later works.
 */
function handleUnlock() {
  if (!useAudioSettings.getState().enabled) return;
  stopListeningForUnlock();
  const audio = audioContext();
  if (audio && audio.state !== 'running') audio.resume().catch(() => undefined);
}

function listenForUnlock() {
  if (unlockListening || typeof window === 'undefined') return;
  unlockListening = true;
  for (const type of unlockEvents) {
    window.addEventListener(type, handleUnlock, { capture: true, passive: true });
  }
}

function stopListeningForUnlock() {
  unlockListening = false;
  for (const type of unlockEvents) {
    window.removeEventListener(type, handleUnlock, { capture: true });
  }
}

listenForUnlock();

/** Replaces how the player reaches the browser's audio (tests), starting a fresh session. */
export function setAudioEnvironment(next: Partial<AudioEnvironment>): void {
  resetAudioPlayer();
  environment = { ...browserEnvironment, ...next };
}

/** Forgets the audio context and every file load, and restores the browser's audio. */
export function resetAudioPlayer(): void {
  environment = browserEnvironment;
  context = null;
  files.clear();
  stopListeningForUnlock();
  listenForUnlock();
}
