import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StoreConfig } from '@snowgear/contracts';
import { changeLanguage } from '@/lib/i18n';
import { destinationPoint } from '../utils/geo';
import { wgs84ToGcj02 } from '../utils/china-coordinates';
import { StoreNavigationButton } from './store-navigation';

const store: StoreConfig = {
  storeId: 'store-wanlong',
  storeName: '万龙雪场店',
  contactInfo: { phone: '0313-4788888', address: '河北省张家口市崇礼区万龙滑雪场' },
  location: { latitude: 40.9633, longitude: 115.3924 },
  businessHours: { startTime: '07:30', endTime: '18:00', restDays: [] },
  businessParameters: [],
};

/** The phone, 500 m due south of the store: the store is straight north of it. */
const SOUTH_OF_STORE = destinationPoint(store.location!, 180, 500);

interface Sensors {
  watchPosition: ReturnType<typeof vi.fn>;
  clearWatch: ReturnType<typeof vi.fn>;
  getUserMedia: ReturnType<typeof vi.fn>;
  stopTrack: ReturnType<typeof vi.fn>;
  /** Sends a position (or an error code) to the page's watch. */
  move: (coords: { latitude: number; longitude: number; accuracy?: number }) => void;
  fail: (code: number) => void;
}

function installSensors(camera: 'granted' | 'denied' = 'granted'): Sensors {
  let success: PositionCallback | undefined;
  let failure: PositionErrorCallback | undefined;
  const stopTrack = vi.fn();
  const track = { stop: stopTrack, addEventListener: vi.fn() };
  const stream = { getTracks: () => [track], getVideoTracks: () => [track] };
  const sensors = {
    watchPosition: vi.fn((ok: PositionCallback, err: PositionErrorCallback) => {
      success = ok;
      failure = err;
      return 42;
    }),
    clearWatch: vi.fn(),
    getUserMedia: vi.fn(async () => {
      if (camera === 'denied') throw new DOMException('denied', 'NotAllowedError');
      return stream;
    }),
    stopTrack,
    move: (coords: { latitude: number; longitude: number; accuracy?: number }) =>
      act(() =>
        success?.({
          coords: { accuracy: 8, ...coords },
          timestamp: Date.now(),
        } as unknown as GeolocationPosition),
      ),
    fail: (code: number) =>
      act(() => failure?.({ code, message: '' } as unknown as GeolocationPositionError)),
  };
  vi.stubGlobal('navigator', {
    ...navigator,
    language: navigator.language,
    geolocation: { watchPosition: sensors.watchPosition, clearWatch: sensors.clearWatch },
    mediaDevices: { getUserMedia: sensors.getUserMedia },
  });
  return sensors;
}

/** jsdom has no DeviceOrientationEvent: a plain event carrying the same fields. */
function turnPhone(type: string, fields: Record<string, unknown>) {
  const event = Object.assign(
    new Event(type),
    { alpha: null, beta: 80, gamma: 0, absolute: false },
    fields,
  );
  act(() => {
    window.dispatchEvent(event);
  });
}

beforeEach(() => {
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
});

afterEach(() => {
  // Unmount while the stand-in sensors are still there: the clean-ups use them.
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  Reflect.deleteProperty(window, 'DeviceOrientationEvent');
});

describe('store navigation', () => {
  it('turns the arrow by bearing − heading over the rear camera, and stops everything on close', async () => {
    await changeLanguage('zh-CN');
    const sensors = installSensors();
    const removed = vi.spyOn(window, 'removeEventListener');
    const user = userEvent.setup();
    render(<StoreNavigationButton store={store} />);

    await user.click(screen.getByRole('button', { name: '到店导航：万龙雪场店' }));
    const dialog = screen.getByRole('dialog', { name: '到店导航' });
    expect(sensors.getUserMedia).toHaveBeenCalledWith({
      video: { facingMode: 'environment' },
      audio: false,
    });
    expect(sensors.watchPosition).toHaveBeenCalledWith(expect.any(Function), expect.any(Function), {
      enableHighAccuracy: true,
      maximumAge: 5_000,
      timeout: 20_000,
    });
    await waitFor(() => expect(dialog.querySelector('video')).not.toBeNull());
    expect(dialog.querySelector('.store-nav__distance')?.textContent).toBe('正在获取您的位置…');

    // Position first, no compass yet: a north-up arrow (store due north) with the note.
    sensors.move(SOUTH_OF_STORE);
    const arrow = within(dialog).getByRole('img', { name: '正北方向 500 米' });
    expect(arrow.dataset.rotation).toBe('0');
    expect(within(dialog).getByText('500 米')).toBeTruthy();
    expect(within(dialog).getByText(/箭头以屏幕上方为正北/)).toBeTruthy();

    // Facing east (alpha 270 → heading 90°): the store is to the left.
    turnPhone('deviceorientationabsolute', { alpha: 270, absolute: true });
    await waitFor(() =>
      expect(within(dialog).getByRole('img', { name: '左侧 500 米' }).dataset.rotation).toBe('270'),
    );
    expect(within(dialog).queryByText(/箭头以屏幕上方为正北/)).toBeNull();
    // A relative (non-compass) event is ignored.
    turnPhone('deviceorientation', { alpha: 0 });
    expect(within(dialog).getByRole('img', { name: '左侧 500 米' })).toBeTruthy();
    // The spoken region follows politely, without the sensor's pace: not at once, but soon.
    const live = dialog.querySelector('[aria-live="polite"]');
    expect(live?.textContent).toBe('正北方向 500 米');
    await waitFor(() => expect(live?.textContent).toBe('左侧 500 米'), { timeout: 6_000 });

    const amap = within(dialog).getByRole('link', { name: '在高德地图中查看 万龙雪场店' });
    const gcj = wgs84ToGcj02(store.location!);
    expect(new URL(amap.getAttribute('href')!).searchParams.get('position')).toBe(
      `${gcj.longitude.toFixed(6)},${gcj.latitude.toFixed(6)}`,
    );
    expect(within(dialog).getByRole('link', { name: /百度地图/ })).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: /腾讯地图/ })).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: '关闭导航' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sensors.stopTrack).toHaveBeenCalled();
    expect(sensors.clearWatch).toHaveBeenCalledWith(42);
    const types = removed.mock.calls.map(([type]) => type);
    expect(types).toContain('deviceorientationabsolute');
    expect(types).toContain('deviceorientation');
    // Focus goes back to the button that opened the guide.
    expect(document.activeElement).toBe(
      screen.getByRole('button', { name: '到店导航：万龙雪场店' }),
    );
  }, 15_000);

  it('falls back to the plain view without a camera, and to the map apps without a position', async () => {
    await changeLanguage('en-US');
    const sensors = installSensors('denied');
    const user = userEvent.setup();
    render(<StoreNavigationButton store={store} />);
    await user.click(screen.getByRole('button', { name: 'Navigate to 万龙雪场店' }));
    const dialog = screen.getByRole('dialog', { name: 'Navigate to the store' });
    expect(
      await within(dialog).findByText(
        'Camera access was not allowed; showing the plain arrow view.',
      ),
    ).toBeTruthy();
    expect(dialog.querySelector('video')).toBeNull();

    sensors.fail(1);
    expect(within(dialog).getByText(/Location access was not allowed/)).toBeTruthy();
    expect(within(dialog).queryByRole('img')).toBeNull();
    expect(
      within(dialog)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Amap', 'Baidu Maps', 'Tencent Maps']);

    // "Locate again" starts a new watch; a position then brings the arrow back.
    await user.click(within(dialog).getByRole('button', { name: 'Locate again' }));
    expect(sensors.watchPosition).toHaveBeenCalledTimes(2);
    expect(sensors.clearWatch).toHaveBeenCalledWith(42);
    sensors.move(destinationPoint(store.location!, 0, 1_234));
    expect(within(dialog).getByText('1.2 km')).toBeTruthy();
    // No compass reading: the arrow is north-up, and the page says so.
    expect(within(dialog).getByRole('img', { name: '1.2 km to the south' })).toBeTruthy();
    expect(within(dialog).getByText(/The arrow points relative to north/)).toBeTruthy();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    await changeLanguage('zh-CN');
  });

  it('says a denied location once, also after the spoken guidance has caught up', async () => {
    await changeLanguage('zh-CN');
    const sensors = installSensors('denied');
    const user = userEvent.setup();
    render(<StoreNavigationButton store={store} />);
    await user.click(screen.getByRole('button', { name: '到店导航：万龙雪场店' }));
    const dialog = screen.getByRole('dialog', { name: '到店导航' });
    // The spoken region follows within five seconds; it must not repeat the notice. Its five
    // seconds pass on a fake clock: all of them, however busy the machine.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      sensors.fail(1);
      expect(within(dialog).getAllByText(/未允许获取位置/)).toHaveLength(1);
      act(() => {
        vi.advanceTimersByTime(5_500);
      });
    } finally {
      vi.useRealTimers();
    }
    expect(within(dialog).getAllByText(/未允许获取位置/)).toHaveLength(1);
    const notice = within(dialog).getByText(/未允许获取位置/);
    expect(notice.closest('[aria-live="polite"]')).not.toBeNull();
  }, 15_000);

  it("asks iOS for the compass from a tap, then reads Safari's compass heading", async () => {
    await changeLanguage('zh-CN');
    const requestPermission = vi.fn(async () => 'granted' as const);
    vi.stubGlobal(
      'DeviceOrientationEvent',
      Object.assign(function DeviceOrientationEvent() {}, { requestPermission }),
    );
    const sensors = installSensors();
    const user = userEvent.setup();
    render(<StoreNavigationButton store={store} />);
    await user.click(screen.getByRole('button', { name: '到店导航：万龙雪场店' }));
    const dialog = screen.getByRole('dialog');
    sensors.move(SOUTH_OF_STORE);

    // Safari sends nothing before the tap: after a moment the page offers it.
    expect(within(dialog).getByRole('img', { name: '正北方向 500 米' })).toBeTruthy();
    await user.click(await within(dialog).findByRole('button', { name: '开启方向' }));
    expect(requestPermission).toHaveBeenCalledTimes(1);
    turnPhone('deviceorientation', { alpha: 0, webkitCompassHeading: 45 });
    await waitFor(() =>
      expect(within(dialog).getByRole('img', { name: '左前方 500 米' }).dataset.rotation).toBe(
        '315',
      ),
    );
    expect(within(dialog).queryByRole('button', { name: '开启方向' })).toBeNull();
  });

  it('says why a store without a location cannot be navigated to', async () => {
    await changeLanguage('zh-CN');
    render(<StoreNavigationButton store={{ ...store, location: null }} />);
    const button = screen.getByRole('button', { name: /到店导航/ });
    expect(button.hasAttribute('disabled')).toBe(true);
    expect(button.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText(/该门店还没有设置位置/)).toBeTruthy();
  });
});
