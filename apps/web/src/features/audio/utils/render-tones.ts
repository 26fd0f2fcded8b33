/**
 * Renders tones to 16-bit mono PCM WAV, the way an OscillatorNode with a GainNode envelope plays
 * them, so the shipped sound files match the generated fallback.
 * (Imports nothing but ./sounds: the generator script runs this module outside the app.)
 */
import { ATTACK_SECONDS, RELEASE_SECONDS, type Tone, type Waveform } from './sounds';

export const WAV_SAMPLE_RATE = 22050;
const WAV_HEADER_BYTES = 44;

/**
 * One cycle of a waveform at `phase` (0–1), built from its harmonics below the Nyquist frequency
 * as the browser's oscillator does; a naive square or sawtooth would alias into a harsher sound.
 */
function waveValue(waveform: Waveform, phase: number, harmonics: number): number {
  const angle = 2 * Math.PI * phase;
  if (waveform === 'sine') return Math.sin(angle);
  let sum = 0;
  for (let n = 1; n <= harmonics; n++) {
    switch (waveform) {
      case 'square':
        if (n % 2 === 1) sum += ((4 / Math.PI) * Math.sin(n * angle)) / n;
        break;
      case 'sawtooth':
        sum += ((2 / Math.PI) * (n % 2 === 1 ? 1 : -1) * Math.sin(n * angle)) / n;
        break;
      case 'triangle':
        if (n % 2 === 1) {
          const sign = (n - 1) % 4 === 0 ? 1 : -1;
          sum += ((8 / (Math.PI * Math.PI)) * sign * Math.sin(n * angle)) / (n * n);
        }
        break;
    }
  }
  return sum;
}

/** The gain of a tone `t` seconds after it starts: ramp up, hold, ramp down to silence. */
export function envelope(t: number, tone: Tone): number {
  if (t < 0 || t > tone.duration) return 0;
  const releaseStart = tone.duration - RELEASE_SECONDS;
  if (t < ATTACK_SECONDS) return (tone.level * t) / ATTACK_SECONDS;
  if (t > releaseStart) return (tone.level * (tone.duration - t)) / RELEASE_SECONDS;
  return tone.level;
}

/** The samples (−1…1) of tones mixed together, from 0 s to the end of the last tone. */
export function renderTones(tones: readonly Tone[], sampleRate = WAV_SAMPLE_RATE): Float32Array {
  const end = Math.max(0, ...tones.map((tone) => tone.start + tone.duration));
  const samples = new Float32Array(Math.ceil(end * sampleRate));
  for (const tone of tones) {
    const harmonics = Math.floor(sampleRate / 2 / tone.frequency);
    const first = Math.floor(tone.start * sampleRate);
    const last = Math.min(samples.length, Math.ceil((tone.start + tone.duration) * sampleRate));
    for (let i = first; i < last; i++) {
      const t = i / sampleRate - tone.start;
      samples[i] =
        (samples[i] ?? 0) +
        envelope(t, tone) * waveValue(tone.waveform, (tone.frequency * t) % 1, harmonics);
    }
  }
  return samples;
}

/** A RIFF/WAVE file of 16-bit mono PCM. */
export function encodeWav(samples: Float32Array, sampleRate = WAV_SAMPLE_RATE): Uint8Array {
  const dataBytes = samples.length * 2;
  const bytes = new Uint8Array(WAV_HEADER_BYTES + dataBytes);
  const view = new DataView(bytes.buffer);
  const text = (offset: number, value: string) => {
    for (let i = 0; i < value.length; i++) view.setUint8(offset + i, value.charCodeAt(i));
  };
  text(0, 'RIFF');
  view.setUint32(4, 36 + dataBytes, true);
  text(8, 'WAVE');
  text(12, 'fmt ');
  view.setUint32(16, 16, true); // fmt chunk size
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 2, true); // bytes per second
  view.setUint16(32, 2, true); // bytes per frame
  view.setUint16(34, 16, true); // bits per sample
  text(36, 'data');
  view.setUint32(40, dataBytes, true);
  samples.forEach((sample, i) => {
    const clipped = Math.max(-1, Math.min(1, sample));
    view.setInt16(WAV_HEADER_BYTES + i * 2, Math.round(clipped * 32767), true);
  });
  return bytes;
}
