import type { H5Config } from '@snowgear/contracts';
import { api } from '@/lib/api-client';

/** `GET /api/app/config-distribution/h5`; the body may arrive wrapped in `data`. */
export async function getH5Config(): Promise<H5Config> {
  const body = await api.get<H5Config | { data: H5Config }>('/app/config-distribution/h5', {
    silent: true,
  });
  return 'data' in body && body.data ? body.data : (body as H5Config);
}
