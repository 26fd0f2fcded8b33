/** Local-storage keys of spec §3, in one place. */
export const StorageKey = {
  accessToken: 'access_token',
  refreshToken: 'refresh_token',
  userInfo: 'user_info',
  permissions: 'permissions',
  roles: 'roles',
  activeRole: 'active_role',
  theme: 'theme',
  language: 'language',
  rememberLogin: 'remember_login',
  audioEnabled: 'audio_enabled',
  audioVolume: 'audio_volume',
  audioStyle: 'audio_style',
  currentStoreId: 'current_store_id',
  tenantId: 'tenant_id',
  systemConfigs: 'h5_system_configs',
  /** The scanner's far-distance auto-zoom switch (spec §2: stored locally). */
  scannerAutoZoom: 'scanner_auto_zoom',
  /** The booking being put together: a draft kept 24 hours (lib/drafts.ts), through sign-in too. */
  bookingCart: 'booking_cart',
  /** What an agent is booking for a customer, a draft of theirs alone (it names the customer). */
  agentBookingCart: 'agent_booking_cart',
  /** Booking plans a visitor saved on this phone, joined to their account once they sign in. */
  localSchemes: 'local_schemes',
  /** The order QR pages last shown, to show at the counter without a connection. */
  savedOrderQrs: 'saved_order_qrs',
  /** The agent whose link brought the customer, and when (bookings carry it for 30 days). */
  referral: 'referral_code',
  /** The shoe size system a person enters boot sizes in (Mondopoint, EU, UK, US men's, women's). */
  bootSizeSystem: 'boot_size_system',
  /** Heights in cm or feet and inches, weights in kg or pounds (English readers may choose). */
  heightUnit: 'height_unit',
  weightUnit: 'weight_unit',
} as const;
export type StorageKey = (typeof StorageKey)[keyof typeof StorageKey];

/** localStorage that never throws (private mode, quota, disabled storage). */
export const storage = {
  get(key: StorageKey): string | null {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: StorageKey, value: string): void {
    try {
      window.localStorage.setItem(key, value);
    } catch {
      // Storage full or disabled: the value lives for this page only.
    }
  },
  remove(key: StorageKey): void {
    try {
      window.localStorage.removeItem(key);
    } catch {
      // ignore
    }
  },
  getJson<T>(key: StorageKey): T | null {
    const raw = storage.get(key);
    if (raw === null) return null;
    try {
      return JSON.parse(raw) as T;
    } catch {
      return null;
    }
  },
  setJson(key: StorageKey, value: unknown): void {
    storage.set(key, JSON.stringify(value));
  },
};
