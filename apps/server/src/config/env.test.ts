import { describe, expect, it } from 'vitest';
import { loadSettings, SettingsError } from './env.js';

describe('settings', () => {
  it('defaults to the embedded database on port 3000', () => {
    const s = loadSettings({});
    expect(s.PORT).toBe(3000);
    expect(s.DATABASE_URL).toBeUndefined();
    expect(s.DATA_DIR).toBe('./data');
    expect(s.SEED_DEMO_DATA).toBe(true);
  });

  it('stops with one message naming every bad variable and its value', () => {
    let message = '';
    try {
      loadSettings({ PORT: 'eighty', LOG_LEVEL: 'loud', DATABASE_URL: 'mysql://x' });
    } catch (err) {
      expect(err).toBeInstanceOf(SettingsError);
      message = (err as Error).message;
    }
    expect(message).toMatch(/start-up stopped/);
    expect(message).toMatch(/PORT: .*"eighty"/);
    expect(message).toMatch(/LOG_LEVEL: .*"loud"/);
    expect(message).toMatch(/DATABASE_URL: must start with postgres/);
  });

  it('demands a shared APP_SECRET when running on PostgreSQL', () => {
    expect(() => loadSettings({ DATABASE_URL: 'postgres://u@h/db' })).toThrow(
      /APP_SECRET: required/,
    );
    expect(() => loadSettings({ DATABASE_URL: 'postgres://u@h/db', APP_SECRET: 'short' })).toThrow(
      /at least 32/,
    );
  });

  it('reads lists and switches', () => {
    const s = loadSettings({
      CORS_ORIGINS: 'https://a.example.com, https://b.example.com',
      SEED_DEMO_DATA: 'false',
    });
    expect(s.CORS_ORIGINS).toEqual(['https://a.example.com', 'https://b.example.com']);
    expect(s.SEED_DEMO_DATA).toBe(false);
    expect(() => loadSettings({ CORS_ORIGINS: 'not a url' })).toThrow(/CORS_ORIGINS/);
  });
});
