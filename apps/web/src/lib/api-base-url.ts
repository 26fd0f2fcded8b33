const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

function isLocalOrIp(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '');
  return (
    host === 'localhost' || host.endsWith('.localhost') || IPV4.test(host) || host.includes(':')
  );
}

/**
 * The API base of spec §7: '/api' on localhost or an IP address; otherwise the same protocol on
 * the 'api.' sub-domain of the host (without any 'www.'). A build-time VITE_API_BASE_URL wins,
 * for deployments that serve the API on the page's own host.
 */
export function apiBaseUrl(
  location: Pick<Location, 'protocol' | 'hostname' | 'port'>,
  override?: string,
): string {
  if (override) return override.replace(/\/$/, '');
  if (isLocalOrIp(location.hostname)) return '/api';
  const host = location.hostname.replace(/^www\./, '');
  const port = location.port ? `:${location.port}` : '';
  return `${location.protocol}//api.${host}${port}/api`;
}
