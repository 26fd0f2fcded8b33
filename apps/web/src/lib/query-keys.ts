/**
 * The cache keys of data that several features change: orders and their payments. The features
 * that read them build their queries on these keys; the others refresh them after a change
 * (cash on delivery, a refund) without importing those features.
 */
export const ordersKey = ['orders'] as const;
export const paymentsKey = ['payments'] as const;
