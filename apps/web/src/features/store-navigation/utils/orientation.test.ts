import { describe, expect, it } from 'vitest';
import { headingFromOrientation } from './orientation';

/** jsdom has no DeviceOrientationEvent: a plain event with the same fields stands in. */
function orientation(type: string, fields: Record<string, unknown>): DeviceOrientationEvent {
  return Object.assign(
    new Event(type),
    { alpha: null, beta: null, gamma: null, absolute: false },
    fields,
  );
}

describe('heading from an orientation event', () => {
  it('turns the absolute alpha (anticlockwise) into a clockwise compass heading', () => {
    expect(headingFromOrientation(orientation('deviceorientationabsolute', { alpha: 270 }))).toBe(
      90,
    );
    expect(headingFromOrientation(orientation('deviceorientationabsolute', { alpha: 0 }))).toBe(0);
    expect(
      headingFromOrientation(orientation('deviceorientation', { alpha: 45, absolute: true })),
    ).toBe(315);
  });

  it('adds the screen rotation in landscape', () => {
    expect(headingFromOrientation(orientation('deviceorientationabsolute', { alpha: 0 }), 90)).toBe(
      90,
    );
  });

  it("uses Safari's compass heading, and ignores it while uncalibrated", () => {
    expect(
      headingFromOrientation(
        orientation('deviceorientation', { alpha: 10, webkitCompassHeading: 200 }),
      ),
    ).toBe(200);
    expect(
      headingFromOrientation(
        orientation('deviceorientation', { alpha: 10, webkitCompassHeading: -1 }),
      ),
    ).toBeNull();
  });

  it('refuses relative orientation and missing readings', () => {
    expect(headingFromOrientation(orientation('deviceorientation', { alpha: 90 }))).toBeNull();
    expect(
      headingFromOrientation(orientation('deviceorientationabsolute', { alpha: null })),
    ).toBeNull();
  });
});
