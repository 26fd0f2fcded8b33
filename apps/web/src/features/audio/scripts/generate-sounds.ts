/**
 * Writes the shipped sound files (public/sounds/*.wav) from the same tones the player generates
 * as its fallback. Run after changing a tone, from the repository root:
 *
 *   npx tsx apps/web/src/features/audio/scripts/generate-sounds.ts
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { encodeWav, renderTones } from '../utils/render-tones';
import { allSounds, tonesFor } from '../utils/sounds';

const folder = fileURLToPath(new URL('../../../../public/sounds/', import.meta.url));
mkdirSync(folder, { recursive: true });
for (const sound of allSounds()) {
  const wav = encodeWav(renderTones(tonesFor(sound.kind, sound.style)));
  writeFileSync(folder + sound.fileName, wav);
  console.log(`${sound.fileName}  ${wav.length} bytes`);
}
