// The damage-notes feature's public face: what app/ and other features use. Its other files are
// its own (.dependency-cruiser.cjs, docs/architecture.md).

export {
  DamageNote,
  damagePhotoFor,
  type DamageValue,
  NO_DAMAGE_NOTE,
} from './components/damage-note';
export { DoorPhoto, type DoorPhotoValue } from './components/door-photo';
