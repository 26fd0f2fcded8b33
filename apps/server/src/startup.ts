import type { Settings } from '@/config/env.js';
import type { TlsMaterial } from '@/config/tls.js';
import { DEMO_PASSWORD, demoCustomer, demoStaff } from '@/demo/data/people.js';
import type { SeedSummary } from '@/demo/seed.js';
import { sandboxMethods } from '@/modules/payments/registry.js';
import { smsProviderConfigured } from '@/modules/sms/registry.js';

export const PAYMENT_SANDBOX_WARNING =
  'payment sandbox is ON: anyone with a cashier link can mark bills paid; never in production';
export const SMS_SANDBOX_WARNING =
  'SMS sandbox is ON: sign-in codes are shown, not texted, so anyone can sign in as any customer; never in production';

/**
 * What an operator must not miss at start-up: a stand-in for an outside party switched on
 * outside the embedded demo. The app logs these; the server prints them too.
 */
export function startupWarnings(settings: Settings): string[] {
  if (!settings.DATABASE_URL) return [];
  return [
    ...(settings.PAYMENT_SANDBOX ? [PAYMENT_SANDBOX_WARNING] : []),
    ...(settings.SMS_SANDBOX && !smsProviderConfigured(settings) ? [SMS_SANDBOX_WARNING] : []),
  ];
}

const METHOD_NAMES = { wechat: 'WeChat Pay', alipay: 'Alipay' } as const;

/** The lines `npm start` prints once the server listens: where it is, what it holds, how to try it. */
export function startupLines(input: {
  settings: Settings;
  port: number;
  database: 'pglite' | 'postgres';
  seeded: SeedSummary | null;
  tls?: TlsMaterial | null;
}): string[] {
  const { settings, seeded, tls } = input;
  const base = `${tls ? 'https' : 'http'}://localhost:${input.port}`;
  const lines = [
    '',
    `  Snow-gear rental is running at ${base}`,
    `  API ${base}/api   docs ${base}/api/docs   database ${input.database === 'pglite' ? `embedded (${settings.DATA_DIR}/db)` : 'PostgreSQL'}`,
    `  Node.js ${process.version}`,
  ];
  if (tls) {
    const lan = tls.names.filter((n) => /^\d+\.\d+\.\d+\.\d+$/.test(n) && n !== '127.0.0.1');
    lines.push(
      `  HTTPS: phones on this network open ${lan.map((a) => `https://${a}:${input.port}`).join('  ') || base}`,
    );
    if (tls.selfSigned) {
      lines.push(
        '  The certificate was made here: a phone warns once; check that it shows this fingerprint, then accept it',
        `  SHA-256 ${tls.fingerprint}`,
      );
    }
  }
  if (seeded) {
    lines.push(
      `  Demo data loaded: ${seeded.stores.map((s) => s.name).join('、')}; ${seeded.helpArticles} help articles; ${seeded.equipment} items of equipment`,
    );
  }
  if (settings.SEED_DEMO_DATA) {
    lines.push(
      `  Demo logins (password ${DEMO_PASSWORD}) at ${base}/login:`,
      ...demoStaff.map((u) => `    ${u.userName.padEnd(10)} ${u.roles.join(' + ')}`),
      `  Demo customer at ${base}/customer/login: phone ${demoCustomer.phoneNumber}, real name ${demoCustomer.realName}`,
    );
  }
  const sandboxed = sandboxMethods(settings);
  if (sandboxed.length > 0) {
    lines.push(
      `  Payments: ${sandboxed.map((m) => METHOD_NAMES[m]).join(' and ')} go to the sandbox cashier (a labelled test page with pay / fail buttons; no money moves)`,
    );
  }
  if (settings.SMS_SANDBOX && !smsProviderConfigured(settings)) {
    lines.push(
      '  SMS: sign-in codes go to the sandbox (shown on the sign-in page and in this log; nothing is texted)',
    );
  }
  lines.push(...startupWarnings(settings).map((warning) => `  WARNING: ${warning}`), '');
  return lines;
}
