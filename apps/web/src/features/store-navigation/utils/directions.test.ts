import { describe, expect, it } from 'vitest';
import { arrowRotation, compassPoint, distanceParts, relativeDirection } from './directions';

describe('direction words', () => {
  it('names the eight sectors of the arrow, centred on each direction', () => {
    expect(relativeDirection(0)).toBe('ahead');
    expect(relativeDirection(22.4)).toBe('ahead');
    expect(relativeDirection(-22.5)).toBe('ahead');
    expect(relativeDirection(22.5)).toBe('aheadRight');
    expect(relativeDirection(90)).toBe('right');
    expect(relativeDirection(135)).toBe('behindRight');
    expect(relativeDirection(180)).toBe('behind');
    expect(relativeDirection(-170)).toBe('behind');
    expect(relativeDirection(225)).toBe('behindLeft');
    expect(relativeDirection(-90)).toBe('left');
    expect(relativeDirection(315)).toBe('aheadLeft');
    expect(relativeDirection(720 + 45)).toBe('aheadRight');
  });

  it('names compass points for the north-up view', () => {
    expect(compassPoint(0)).toBe('north');
    expect(compassPoint(359)).toBe('north');
    expect(compassPoint(45)).toBe('northEast');
    expect(compassPoint(100)).toBe('east');
    expect(compassPoint(200)).toBe('south');
    expect(compassPoint(250)).toBe('west');
    expect(compassPoint(300)).toBe('northWest');
  });

  it('turns the arrow by bearing − heading, or shows the bearing without a compass', () => {
    expect(arrowRotation(0, 90)).toBe(270);
    expect(arrowRotation(45, 45)).toBe(0);
    expect(arrowRotation(10, 350)).toBe(20);
    expect(arrowRotation(123, null)).toBe(123);
  });
});

describe('distance text', () => {
  it('uses whole metres below 1 km and kilometres with one decimal above', () => {
    expect(distanceParts(0)).toEqual({ unit: 'm', value: '0' });
    expect(distanceParts(120.4)).toEqual({ unit: 'm', value: '120' });
    expect(distanceParts(999.4)).toEqual({ unit: 'm', value: '999' });
    expect(distanceParts(999.6)).toEqual({ unit: 'km', value: '1.0' });
    expect(distanceParts(1234)).toEqual({ unit: 'km', value: '1.2' });
    expect(distanceParts(15_050)).toEqual({ unit: 'km', value: '15.1' });
  });
});
