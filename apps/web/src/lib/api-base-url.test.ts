import { describe, expect, it } from 'vitest';
import { apiBaseUrl } from './api-base-url';

const loc = (protocol: string, hostname: string, port = '') => ({ protocol, hostname, port });

describe('API base URL', () => {
  it("is '/api' on localhost and IP addresses", () => {
    expect(apiBaseUrl(loc('http:', 'localhost', '3000'))).toBe('/api');
    expect(apiBaseUrl(loc('http:', '192.168.1.20', '3000'))).toBe('/api');
    expect(apiBaseUrl(loc('http:', '[::1]', '3000'))).toBe('/api');
  });

  it("uses the 'api.' sub-domain with the same protocol, dropping www.", () => {
    expect(apiBaseUrl(loc('https:', 'www.snowrental.cn'))).toBe('https://api.snowrental.cn/api');
    expect(apiBaseUrl(loc('https:', 'snowrental.cn'))).toBe('https://api.snowrental.cn/api');
    expect(apiBaseUrl(loc('http:', 'h5.snowrental.cn', '8080'))).toBe(
      'http://api.h5.snowrental.cn:8080/api',
    );
  });

  it('lets a build-time override win', () => {
    expect(apiBaseUrl(loc('https:', 'snowrental.cn'), '/api/')).toBe('/api');
  });
});
