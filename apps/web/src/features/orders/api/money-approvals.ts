import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  MoneyApprovalStatus,
  RoleName,
  type GoodwillRefund,
  type MoneyApproval,
  type MoneyApprovalDecision,
  type MoneyApprovalRequest,
  type Order,
  type OrderFeeAdd,
} from '@snowgear/contracts';
import { api } from '@/lib/api-client';
import { ordersKey } from './get-order';

/**
 * Money changed by hand and managers' approvals of it (server: orders/adjustment-routes.ts):
 * a clerk asks, the store's managers answer on their phone, the clerk's screen waits for it.
 */
export const approvalsKey = ['money-approvals'] as const;

/** How often a waiting clerk's screen, and a manager's list, ask again. */
export const APPROVAL_POLL_MS = 3_000;
export const APPROVAL_LIST_POLL_MS = 30_000;

/** Store managers and the super admin give any discount, fee or refund without approval. */
export function isUnlimited(roles: readonly string[]): boolean {
  return roles.includes(RoleName.StoreManager) || roles.includes(RoleName.SuperAdmin);
}

/** Who answers requests (the same people). */
export const isManagerOrAdmin = isUnlimited;

export function useAskApproval() {
  return useMutation({
    mutationFn: (input: MoneyApprovalRequest) =>
      api.post<MoneyApproval>('/app/money-approvals', input, { silent: true }),
  });
}

/** One request, asked again every few seconds while it waits for the manager's answer. */
export function useApproval(id: string | null) {
  return useQuery({
    queryKey: [...approvalsKey, 'one', id] as const,
    queryFn: () =>
      api.get<MoneyApproval>(`/app/money-approvals/${encodeURIComponent(id!)}`, { silent: true }),
    enabled: !!id,
    refetchInterval: (query) =>
      query.state.data?.status === MoneyApprovalStatus.Pending ? APPROVAL_POLL_MS : false,
  });
}

export function useWithdrawApproval() {
  return useMutation({
    mutationFn: (id: string) =>
      api.post<null>(`/app/money-approvals/${encodeURIComponent(id)}/withdraw`, undefined, {
        silent: true,
      }),
  });
}

export function pendingApprovalsQuery(storeId: string | null) {
  return queryOptions({
    queryKey: [...approvalsKey, 'pending', storeId] as const,
    queryFn: () =>
      api.get<MoneyApproval[]>('/app/money-approvals', {
        params: storeId ? { storeId } : {},
        silent: true,
      }),
  });
}

/** Requests waiting at the manager's store (a badge, the list to answer). */
export function usePendingApprovals(storeId: string | null, enabled = true) {
  return useQuery({
    ...pendingApprovalsQuery(storeId),
    enabled,
    refetchInterval: APPROVAL_LIST_POLL_MS,
  });
}

export function useDecideApproval() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: string } & MoneyApprovalDecision) =>
      api.post<MoneyApproval>(
        `/app/money-approvals/${encodeURIComponent(v.id)}/decide`,
        { approve: v.approve, reason: v.reason },
        { silent: true },
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: approvalsKey }),
  });
}

/** An ad-hoc fee on an order (cleaning, damage, other) with a reason. */
export function useAddFee() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: string } & OrderFeeAdd) =>
      api.post<Order>(`/app/orders/${encodeURIComponent(id)}/fees`, body, { silent: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: ordersKey }),
  });
}

/** Rent given back out of goodwill, with a reason. */
export function useGoodwillRefund() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: string } & GoodwillRefund) =>
      api.post<Order>(`/app/orders/${encodeURIComponent(id)}/goodwill-refund`, body, {
        silent: true,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: ordersKey }),
  });
}
