/** The host tenant: requests without a `__tenant` header act for it. */
export const HOST_TENANT_ID = '00000000-0000-0000-0000-000000000000';
export const TENANT_HEADER = '__tenant';
