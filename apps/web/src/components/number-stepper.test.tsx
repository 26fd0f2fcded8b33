import { useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NumberStepper } from './number-stepper';

function Days({ start = 3 }: { start?: number }) {
  const [days, setDays] = useState(start);
  return (
    <>
      <NumberStepper aria-label="租用天数" min={1} max={30} value={days} onChange={setDays} />
      <p>kept: {days}</p>
    </>
  );
}

const field = () => screen.getByRole<HTMLInputElement>('spinbutton', { name: '租用天数' });
const kept = () => screen.getByText(/^kept:/).textContent;

describe('NumberStepper', () => {
  it('steps by one with − and +, and neither goes past its bound', () => {
    render(<Days start={2} />);
    const less = screen.getByRole<HTMLButtonElement>('button', { name: '减少' });
    const more = screen.getByRole<HTMLButtonElement>('button', { name: '增加' });
    fireEvent.click(more);
    expect(kept()).toBe('kept: 3');
    fireEvent.click(less);
    fireEvent.click(less);
    expect(kept()).toBe('kept: 1');
    expect(less.disabled).toBe(true);
    expect(field().getAttribute('aria-valuenow')).toBe('1');
    expect(field().getAttribute('aria-valuemax')).toBe('30');
  });

  it('keeps what is typed at once, within its bounds, and shows the number kept on leaving', () => {
    render(<Days />);
    fireEvent.focus(field());
    fireEvent.change(field(), { target: { value: '12' } });
    expect(kept()).toBe('kept: 12');
    // Past the most: the most is kept, what was typed stays until the field is left.
    fireEvent.change(field(), { target: { value: '400' } });
    expect(kept()).toBe('kept: 30');
    expect(field().value).toBe('400');
    fireEvent.blur(field());
    expect(field().value).toBe('30');
    // Emptied to type anew: nothing changes until a number is typed; left empty, it shows again.
    fireEvent.focus(field());
    fireEvent.change(field(), { target: { value: '' } });
    expect(kept()).toBe('kept: 30');
    fireEvent.blur(field());
    expect(field().value).toBe('30');
    // Letters are not numbers: they are dropped.
    fireEvent.focus(field());
    fireEvent.change(field(), { target: { value: '5天' } });
    expect(field().value).toBe('5');
    expect(kept()).toBe('kept: 5');
  });

  it('steps with the arrow keys, as a spin button does', () => {
    render(<Days />);
    fireEvent.keyDown(field(), { key: 'ArrowUp' });
    fireEvent.keyDown(field(), { key: 'ArrowUp' });
    expect(kept()).toBe('kept: 5');
    fireEvent.keyDown(field(), { key: 'ArrowDown' });
    expect(kept()).toBe('kept: 4');
  });
});
