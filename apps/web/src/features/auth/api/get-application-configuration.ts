import { queryOptions, useQuery } from '@tanstack/react-query';
import { WECHAT_LOGIN_SETTING, type ApplicationConfiguration } from '@snowgear/contracts';
import { api } from '@/lib/api-client';

export function getApplicationConfiguration() {
  return api.get<ApplicationConfiguration>('/abp/application-configuration', { silent: true });
}

export const applicationConfigurationQuery = queryOptions({
  queryKey: ['abp', 'application-configuration'] as const,
  queryFn: getApplicationConfiguration,
  staleTime: 5 * 60_000,
});

/** Whether WeChat sign-in is set up on the server (the buttons are hidden otherwise). */
export function useWeChatLoginEnabled(): boolean {
  const { data } = useQuery(applicationConfigurationQuery);
  return data?.setting.values[WECHAT_LOGIN_SETTING] === 'true';
}
