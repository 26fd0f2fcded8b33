import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { DeliveryMethod } from '@snowgear/contracts';
import { changeLanguage } from '@/lib/i18n';
import { bookingStart, type BookingHours } from '@/features/system-config/utils/rental-rules';
import { DatesSection } from './dates-section';

const TZ = 'Asia/Shanghai';
const hours: BookingHours = { startTime: '07:30', endTime: '18:00', restDays: [2] };
// Thursday 26 November 2026, 10:05 at the store.
const NOW = new Date('2026-11-26T10:05:00+08:00');

/**
 * The section as the booking page holds it: the chosen day and time in its own state, and (where
 * the store rents by the half day, from 12:00) the afternoon taken, back by 18:00.
 */
function Booking({
  delivery = false,
  halfDays = false,
  fullDays,
  onCalendar,
}: {
  delivery?: boolean;
  halfDays?: boolean;
  fullDays?: string[];
  onCalendar?: () => void;
}) {
  const [date, setDate] = useState('2026-11-26');
  const [time, setTime] = useState<string | null>(null);
  const [days, setDays] = useState(2);
  const [half, setHalf] = useState(false);
  const method = delivery ? DeliveryMethod.Delivery : DeliveryMethod.SelfPickup;
  const booking = bookingStart(date, time, hours, method, NOW, TZ);
  const afternoon = (booking.slot?.start ?? 0) >= 12 * 60;
  const on = half && afternoon;
  return (
    <>
      <DatesSection
        booking={booking}
        days={on ? 1 : days}
        end={
          on
            ? new Date(`${booking.date}T18:00:00+08:00`)
            : new Date(booking.start.getTime() + days * 86_400_000)
        }
        now={NOW}
        today="2026-11-26"
        restDays={hours.restDays}
        todayHasTime
        delivery={delivery}
        timeZone={TZ}
        halfDay={halfDays ? { from: '12:00', possible: afternoon, on } : null}
        fullDays={fullDays}
        onCalendar={onCalendar}
        onStartDate={setDate}
        onStartTime={setTime}
        onDays={setDays}
        onHalfDay={setHalf}
      />
      <output data-testid="start">{booking.start.toISOString()}</output>
    </>
  );
}

const startShown = () => screen.getByTestId('start').textContent;

describe('choosing when the rental starts', () => {
  beforeAll(() => {
    // antd's calendar scrolls to the chosen month a frame after it changes; jsdom cannot scroll.
    // Configurable, so that the next file of this worker begins without it (test/fresh-visit.ts).
    if (!('scrollIntoView' in Element.prototype)) {
      Object.defineProperty(Element.prototype, 'scrollIntoView', {
        value: () => undefined,
        configurable: true,
        writable: true,
      });
    }
    return changeLanguage('zh-CN');
  });

  it('moves the pick-up day to the day tapped in the calendar, in one tap, and says why a day is greyed', async () => {
    render(<Booking />);
    expect(startShown()).toBe('2026-11-26T02:30:00.000Z');
    fireEvent.click(screen.getByRole('button', { name: '改日期' }));
    const calendar = await screen.findByText('选择取装备的日期');
    const popup = calendar.closest<HTMLElement>('.adm-popup')!;
    // Days gone by and rest days (Tuesdays) cannot be taken.
    const cell = (date: string, month = 0) =>
      within(popup)
        .getAllByText(date)
        .map((el) => el.closest('.adm-calendar-picker-view-cell')!)[month]!;
    expect(cell('25').className).toContain('disabled');
    expect(cell('1').className).toContain('disabled');
    // Tuesday 1 December.
    expect(cell('1', 1).className).toContain('disabled');
    expect(cell('1', 1).textContent).toContain('休息');
    expect(cell('25').textContent).not.toContain('休息');
    expect(cell('27').className).not.toContain('disabled');
    expect(cell('2', 1).className).not.toContain('disabled');
    // Saturday 28 November: one tap on its day takes it and closes the calendar.
    const day = within(popup)
      .getAllByText('28')
      .find((el) => !el.closest('.adm-calendar-picker-view-cell-disabled'))!;
    fireEvent.click(day);
    // Another day starts at the store's opening time.
    await waitFor(() => expect(startShown()).toBe('2026-11-27T23:30:00.000Z'));
    expect(screen.getByText(/11月28日/)).toBeTruthy();
  });

  it("greys the days the cart's gear is fully booked, and asks for them when the calendar opens", async () => {
    let asked = 0;
    render(<Booking fullDays={['2026-11-28']} onCalendar={() => (asked += 1)} />);
    expect(asked).toBe(0);
    fireEvent.click(screen.getByRole('button', { name: '改日期' }));
    expect(asked).toBe(1);
    const popup = (await screen.findByText('选择取装备的日期')).closest<HTMLElement>('.adm-popup')!;
    const cell = (date: string) =>
      within(popup).getAllByText(date)[0]!.closest('.adm-calendar-picker-view-cell')!;
    expect(cell('28').className).toContain('disabled');
    expect(cell('28').textContent).toContain('已订满');
    expect(cell('27').className).not.toContain('disabled');
    // The day before is free: one tap takes it.
    fireEvent.click(within(popup).getAllByText('27')[0]!);
    await waitFor(() => expect(startShown()).toBe('2026-11-26T23:30:00.000Z'));
  });

  it('offers the half-hour times of the day, today’s past ones greyed, and takes the one tapped', async () => {
    render(<Booking />);
    fireEvent.click(screen.getByRole('button', { name: '改时间' }));
    const group = await screen.findByRole('radiogroup', { name: '选择取装备的时间' });
    const times = within(group).getAllByRole('radio');
    expect(times.map((t) => t.textContent)).toEqual(
      Array.from({ length: 21 }, (_, i) => {
        const m = 7 * 60 + 30 + i * 30;
        return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
      }),
    );
    // 07:30 to 10:00 have passed at 10:05.
    expect(times.filter((t) => t.hasAttribute('disabled'))).toHaveLength(6);
    expect(within(group).getByRole('radio', { name: '10:30' }).getAttribute('aria-checked')).toBe(
      'true',
    );
    fireEvent.click(within(group).getByRole('radio', { name: '14:00' }));
    await waitFor(() => expect(startShown()).toBe('2026-11-26T06:00:00.000Z'));
  });

  it('offers two-hour delivery windows when the gear is delivered', async () => {
    render(<Booking delivery />);
    expect(screen.getByText('送达时段')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '改时段' }));
    const group = await screen.findByRole('radiogroup', { name: '选择送达时段' });
    const windows = within(group).getAllByRole('radio');
    expect(windows.map((w) => w.textContent)).toEqual([
      '07:30–09:30',
      '09:30–11:30',
      '11:30–13:30',
      '13:30–15:30',
      '15:30–17:30',
    ]);
    expect(windows.filter((w) => w.hasAttribute('disabled'))).toHaveLength(2);
    fireEvent.click(within(group).getByRole('radio', { name: '13:30–15:30' }));
    await waitFor(() => expect(startShown()).toBe('2026-11-26T05:30:00.000Z'));
  });

  it('offers only the afternoon from the store’s half-day start, back by closing that day', async () => {
    render(<Booking halfDays />);
    // 10:30 is before 12:00: the chip says from when, and cannot be taken yet.
    const chip = screen.getByRole('button', { name: '只租半天' });
    expect(chip.hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('选择 12:00 及以后的时间可只租半天')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '改时间' }));
    const group = await screen.findByRole('radiogroup');
    fireEvent.click(within(group).getByRole('radio', { name: '13:00' }));
    await waitFor(() => expect(chip.hasAttribute('disabled')).toBe(false));
    expect(screen.getByText('12:00 及以后起租，当天闭店前归还，按半天价')).toBeTruthy();
    fireEvent.click(chip);
    // Taken: the days give way to "半天", and the gear comes back at 18:00 the same day.
    expect(chip.getAttribute('aria-pressed')).toBe('true');
    expect(screen.queryByRole('spinbutton')).toBeNull();
    expect(screen.getByText('半天')).toBeTruthy();
    expect(screen.getByText(/11月26日.*18:00/)).toBeTruthy();
    // Tapped again: the days again.
    fireEvent.click(chip);
    expect(screen.getByRole('spinbutton')).toBeTruthy();
  });

  it('shows no half day where the store does not rent by the half day', () => {
    render(<Booking />);
    expect(screen.queryByRole('button', { name: '只租半天' })).toBeNull();
  });

  it('writes the year of a return date in another year', () => {
    const booking = bookingStart('2026-11-26', null, hours, DeliveryMethod.SelfPickup, NOW, TZ);
    render(
      <DatesSection
        booking={booking}
        days={365}
        end={new Date(booking.start.getTime() + 365 * 86_400_000)}
        now={NOW}
        today="2026-11-26"
        restDays={[]}
        todayHasTime
        delivery={false}
        timeZone={TZ}
        onStartDate={() => undefined}
        onStartTime={() => undefined}
        onDays={() => undefined}
      />,
    );
    expect(screen.getByText(/2027年11月26日/)).toBeTruthy();
    expect(screen.queryByText(/2026年/)).toBeNull();
  });
});
