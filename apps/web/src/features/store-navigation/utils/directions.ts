import { normalizeDegrees } from './geo';

/** Where the store is relative to where the phone points, in eight 45° sectors. */
export const RelativeDirection = {
  Ahead: 'ahead',
  AheadRight: 'aheadRight',
  Right: 'right',
  BehindRight: 'behindRight',
  Behind: 'behind',
  BehindLeft: 'behindLeft',
  Left: 'left',
  AheadLeft: 'aheadLeft',
} as const;
export type RelativeDirection = (typeof RelativeDirection)[keyof typeof RelativeDirection];

/** A compass point, for the north-up view when the phone has no compass. */
export const CompassPoint = {
  North: 'north',
  NorthEast: 'northEast',
  East: 'east',
  SouthEast: 'southEast',
  South: 'south',
  SouthWest: 'southWest',
  West: 'west',
  NorthWest: 'northWest',
} as const;
export type CompassPoint = (typeof CompassPoint)[keyof typeof CompassPoint];

const RELATIVE_SECTORS: readonly RelativeDirection[] = [
  RelativeDirection.Ahead,
  RelativeDirection.AheadRight,
  RelativeDirection.Right,
  RelativeDirection.BehindRight,
  RelativeDirection.Behind,
  RelativeDirection.BehindLeft,
  RelativeDirection.Left,
  RelativeDirection.AheadLeft,
];

const COMPASS_SECTORS: readonly CompassPoint[] = [
  CompassPoint.North,
  CompassPoint.NorthEast,
  CompassPoint.East,
  CompassPoint.SouthEast,
  CompassPoint.South,
  CompassPoint.SouthWest,
  CompassPoint.West,
  CompassPoint.NorthWest,
];

/** Sector 0 is centred on 0°: -22.5° ≤ a < 22.5°, and so on clockwise. */
const sectorOf = (deg: number) => Math.floor(normalizeDegrees(deg + 22.5) / 45) % 8;

/** The arrow's rotation (store bearing − heading, clockwise) in words: 30° → 'aheadRight'. */
export function relativeDirection(rotation: number): RelativeDirection {
  return RELATIVE_SECTORS[sectorOf(rotation)] ?? RelativeDirection.Ahead;
}

/** A bearing from true north in words: 45° → 'northEast'. */
export function compassPoint(bearing: number): CompassPoint {
  return COMPASS_SECTORS[sectorOf(bearing)] ?? CompassPoint.North;
}

/** The arrow's rotation for the view: bearing − heading with a compass, else the bearing. */
export function arrowRotation(bearing: number, heading: number | null): number {
  return heading === null ? normalizeDegrees(bearing) : normalizeDegrees(bearing - heading);
}

export interface DistanceParts {
  unit: 'm' | 'km';
  /** Already rounded for display: whole metres, or kilometres with one decimal. */
  value: string;
}

/** Metres below 1 km, kilometres with one decimal from there (999.6 m is '1.0 km'). */
export function distanceParts(meters: number): DistanceParts {
  const whole = Math.round(Math.max(0, meters));
  if (whole < 1000) return { unit: 'm', value: String(whole) };
  return { unit: 'km', value: (meters / 1000).toFixed(1) };
}

/** Close enough that an arrow stops helping: GPS is rarely better than this in a village. */
export const ARRIVED_WITHIN_M = 20;
