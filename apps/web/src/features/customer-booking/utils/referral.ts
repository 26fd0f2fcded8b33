import { REFERRAL_CODE_PATTERN, REFERRAL_TTL_DAYS } from '@snowgear/contracts';
import { storage, StorageKey } from '@/lib/storage';

/**
 * An agent's link (`?ref=CODE`) is remembered on the phone, so the booking made after browsing,
 * signing in or coming back another day still carries the agent (for 30 days).
 */
export function rememberReferral(raw: string | null, now = Date.now()): void {
  const code = raw?.trim().toUpperCase();
  if (!code || !REFERRAL_CODE_PATTERN.test(code)) return;
  storage.set(StorageKey.referral, JSON.stringify({ code, at: now }));
}

export function currentReferral(now = Date.now()): string | undefined {
  try {
    const saved = JSON.parse(storage.get(StorageKey.referral) ?? 'null') as {
      code: string;
      at: number;
    } | null;
    if (!saved || now - saved.at > REFERRAL_TTL_DAYS * 86_400_000) return undefined;
    return REFERRAL_CODE_PATTERN.test(saved.code) ? saved.code : undefined;
  } catch {
    return undefined;
  }
}
