import { useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FilterBar } from './filter-bar';

function Filters() {
  const [size, setSize] = useState('所有尺码');
  return (
    <>
      <FilterBar
        items={[
          {
            key: 'size',
            title: size,
            panel: ['S', 'M', 'L'].map((s) => (
              <button key={s} type="button" onClick={() => setSize(s)}>
                尺码 {s}
              </button>
            )),
          },
          { key: 'colour', title: '所有颜色', panel: <p>红 · 蓝</p> },
        ]}
      />
      <p>the list</p>
    </>
  );
}

describe('FilterBar', () => {
  it('opens a filter’s choices under its title, keeps them open while picking, switches filters', () => {
    render(<Filters />);
    const size = screen.getByRole('button', { name: '所有尺码' });
    expect(size.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('region')).toBeNull();

    fireEvent.click(size);
    expect(size.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('region', { name: '所有尺码' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '尺码 M' }));
    // The title says what is chosen; the choices stay for another pick.
    expect(screen.getByRole('button', { name: 'M', expanded: true })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'M' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '所有颜色' }));
    expect(screen.getByRole('region', { name: '所有颜色' }).textContent).toBe('红 · 蓝');
    expect(screen.getByRole('button', { name: 'M' }).getAttribute('aria-expanded')).toBe('false');

    // Its title again closes it.
    fireEvent.click(screen.getByRole('button', { name: '所有颜色' }));
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('closes on a tap on the dimmed page, or on Escape with the focus back on its title', () => {
    const { container } = render(<Filters />);
    fireEvent.click(screen.getByRole('button', { name: '所有尺码' }));
    fireEvent.click(container.querySelector('.filter-bar__mask')!);
    expect(screen.queryByRole('region')).toBeNull();

    const colour = screen.getByRole('button', { name: '所有颜色' });
    fireEvent.click(colour);
    screen.getByText('the list').focus();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('region')).toBeNull();
    expect(document.activeElement).toBe(colour);
    expect(colour.getAttribute('aria-expanded')).toBe('false');
  });
});
