import { X509Certificate } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname, networkInterfaces } from 'node:os';
import { join } from 'node:path';
import type { Settings } from './env.js';

export interface TlsMaterial {
  key: string;
  cert: string;
  /** SHA-256 fingerprint, as browsers show it, to compare on a phone before trusting it. */
  fingerprint: string;
  /** Generated here (the phones must be told to trust it), not given by the operator. */
  selfSigned: boolean;
  /** Names and addresses the certificate is valid for. */
  names: string[];
}

/** This machine's addresses a phone on the shop's Wi-Fi could reach it at. */
export function lanAddresses(): string[] {
  return Object.values(networkInterfaces())
    .flat()
    .filter((a) => a && !a.internal && a.family === 'IPv4')
    .map((a) => a!.address);
}

function material(key: string, cert: string, selfSigned: boolean): TlsMaterial {
  const x509 = new X509Certificate(cert);
  const names = (x509.subjectAltName ?? '')
    .split(', ')
    .map((entry) => entry.replace(/^(DNS|IP Address):/, ''))
    .filter(Boolean);
  return { key, cert, fingerprint: x509.fingerprint256, selfSigned, names };
}

/**
 * The certificate and key to serve HTTPS with: the operator's files (TLS_CERT_FILE, TLS_KEY_FILE),
 * or with TLS_SELF_SIGNED one made here for localhost, this machine's name and its LAN addresses,
 * kept in DATA_DIR/tls so the phones that trusted it keep trusting it after a restart (a new one is
 * made when an address it does not cover appears, or a month before it runs out). Phones' cameras
 * need a secure page: this is what lets a counter PC serve the scanner over the shop's Wi-Fi.
 * Null: plain HTTP (behind a proxy that ends TLS, or on one machine).
 */
export async function loadTls(settings: Settings): Promise<TlsMaterial | null> {
  if (settings.TLS_CERT_FILE && settings.TLS_KEY_FILE) {
    return material(
      readFileSync(settings.TLS_KEY_FILE, 'utf8'),
      readFileSync(settings.TLS_CERT_FILE, 'utf8'),
      false,
    );
  }
  if (!settings.TLS_SELF_SIGNED) return null;

  const dir = join(settings.DATA_DIR, 'tls');
  const keyFile = join(dir, 'self-signed.key.pem');
  const certFile = join(dir, 'self-signed.cert.pem');
  const wanted = ['localhost', hostname(), '127.0.0.1', ...lanAddresses()];
  if (existsSync(keyFile) && existsSync(certFile)) {
    const kept = material(readFileSync(keyFile, 'utf8'), readFileSync(certFile, 'utf8'), true);
    const validTo = Date.parse(new X509Certificate(kept.cert).validTo);
    const coversAll = wanted.every((name) => kept.names.includes(name));
    if (coversAll && validTo - Date.now() > 30 * 86_400_000) return kept;
  }

  const now = new Date();
  // Loaded only here: most servers never make a certificate.
  const { generate } = await import('selfsigned');
  const made = await generate([{ name: 'commonName', value: `${hostname()} (snow-gear rental)` }], {
    keyType: 'ec',
    curve: 'P-256',
    algorithm: 'sha256',
    notBeforeDate: now,
    // 825 days: the longest a server certificate may live and still be trusted on iOS.
    notAfterDate: new Date(now.getTime() + 825 * 86_400_000),
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: [...new Set(wanted)].map((name) =>
          /^\d+\.\d+\.\d+\.\d+$/.test(name) ? { type: 7, ip: name } : { type: 2, value: name },
        ),
      },
    ],
  });
  mkdirSync(dir, { recursive: true });
  writeFileSync(keyFile, made.private, { mode: 0o600 });
  writeFileSync(certFile, made.cert);
  return material(made.private, made.cert, true);
}
