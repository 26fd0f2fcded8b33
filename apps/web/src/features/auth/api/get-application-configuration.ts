import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  SMS_ENABLED_SETTING,
  SMS_SANDBOX_SETTING,
  WECHAT_LOGIN_SETTING,
  type ApplicationConfiguration,
} from '@snowgear/contracts';
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

/** Whether phone sign-in can send SMS codes, and whether they come from the sandbox. */
export function useSmsSettings(): { enabled: boolean; sandbox: boolean; loading: boolean } {
  const { data, isPending } = useQuery(applicationConfigurationQuery);
  return {
    enabled: data?.setting.values[SMS_ENABLED_SETTING] === 'true',
    sandbox: data?.setting.values[SMS_SANDBOX_SETTING] === 'true',
    loading: isPending,
  };
}
