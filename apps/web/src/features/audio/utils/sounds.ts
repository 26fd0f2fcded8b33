/**
 * The sounds of the app: which kinds exist, the scan styles, and each sound as a list of tones.
 * The player builds its generated tones from these, and the sound-file generator renders the
 * shipped files from the same list, so a file and its fallback sound alike.
 * (No imports: the generator script runs this module outside the app.)
 */

export const SoundKind = {
  success: 'success',
  error: 'error',
  warning: 'warning',
  scanSuccess: 'scanSuccess',
  scanError: 'scanError',
} as const;
export type SoundKind = (typeof SoundKind)[keyof typeof SoundKind];

export const ScanStyle = {
  beep: 'beep',
  classic: 'classic',
  chord: 'chord',
  triple: 'triple',
} as const;
export type ScanStyle = (typeof ScanStyle)[keyof typeof ScanStyle];

export const soundKinds = Object.values(SoundKind);
export const scanStyles = Object.values(ScanStyle);

export type Waveform = 'sine' | 'square' | 'triangle' | 'sawtooth';

/** One note: `start` and `duration` in seconds from the start of the sound, `level` 0–1. */
export interface Tone {
  frequency: number;
  start: number;
  duration: number;
  waveform: Waveform;
  level: number;
}

/** Short fade in and out on every tone: a hard start or stop of a wave is heard as a click. */
export const ATTACK_SECONDS = 0.005;
export const RELEASE_SECONDS = 0.015;

const note = (
  frequency: number,
  start: number,
  duration: number,
  waveform: Waveform,
  level: number,
): Tone => ({ frequency, start, duration, waveform, level });

const scanSuccessTones: Record<ScanStyle, Tone[]> = {
  // One short high beep, like a hand scanner.
  beep: [note(2000, 0, 0.09, 'square', 0.5)],
  // The two-tone supermarket beep.
  classic: [note(1568, 0, 0.07, 'square', 0.45), note(2093, 0.08, 0.09, 'square', 0.45)],
  // A short C major chord; three voices share the level so they do not clip together.
  chord: [
    note(1046.5, 0, 0.18, 'triangle', 0.3),
    note(1318.5, 0, 0.18, 'triangle', 0.3),
    note(1568, 0, 0.18, 'triangle', 0.3),
  ],
  // Three quick beeps.
  triple: [
    note(2000, 0, 0.05, 'sine', 0.8),
    note(2000, 0.09, 0.05, 'sine', 0.8),
    note(2000, 0.18, 0.05, 'sine', 0.8),
  ],
};

const otherTones: Record<Exclude<SoundKind, 'scanSuccess'>, Tone[]> = {
  // Rising: C5 then G5.
  success: [note(523.25, 0, 0.12, 'triangle', 0.8), note(783.99, 0.12, 0.2, 'triangle', 0.8)],
  // Low and buzzy, long enough to be noticed at a noisy counter.
  error: [note(150, 0, 0.4, 'sawtooth', 0.6)],
  // Two mid tones.
  warning: [note(660, 0, 0.15, 'triangle', 0.8), note(660, 0.22, 0.15, 'triangle', 0.8)],
  // Two low buzzes: the scan did not work.
  scanError: [note(220, 0, 0.12, 'square', 0.45), note(220, 0.17, 0.12, 'square', 0.45)],
};

/** The tones of a sound; the scan-success sound follows the chosen style. */
export function tonesFor(kind: SoundKind, style: ScanStyle): Tone[] {
  return kind === SoundKind.scanSuccess ? scanSuccessTones[style] : otherTones[kind];
}

const fileStem: Record<SoundKind, string> = {
  success: 'success',
  error: 'error',
  warning: 'warning',
  scanSuccess: 'scan-success',
  scanError: 'scan-error',
};

/** The shipped file of a sound, under public/sounds/ (one per scan style for scan success). */
export function soundFileName(kind: SoundKind, style: ScanStyle): string {
  return kind === SoundKind.scanSuccess
    ? `${fileStem[kind]}-${style}.wav`
    : `${fileStem[kind]}.wav`;
}

/** Every distinct sound: one per kind, and one per style for scan success. */
export function allSounds(): { kind: SoundKind; style: ScanStyle; fileName: string }[] {
  const sounds: { kind: SoundKind; style: ScanStyle }[] = [];
  for (const kind of soundKinds) {
    if (kind === SoundKind.scanSuccess) {
      for (const style of scanStyles) sounds.push({ kind, style });
    } else {
      sounds.push({ kind, style: ScanStyle.beep });
    }
  }
  return sounds.map((s) => ({ ...s, fileName: soundFileName(s.kind, s.style) }));
}
