// The public face of features/damage-notes: what app/ and other features use. Its other files are
// its own (docs/architecture.md).

export {
  DamageNote,
  damagePhotoFor,
  type DamageValue,
  NO_DAMAGE_NOTE,
} from './components/damage-note';
export { DoorPhoto, type DoorPhotoValue } from './components/door-photo';
