/** Every path of the app, built in one place; links use these, never typed strings. */
export const Paths = {
  home: '/',
  login: '/login',
  customerLogin: '/customer/login',
  customerArea: '/customer',
  orderCreate: '/customer/order-create',
  help: '/help',
  helpAudience: (audience: 'customer' | 'store' | 'driver') => `/help/${audience}`,
  helpArticle: (id: string) => `/help/article/${encodeURIComponent(id)}`,
  helpSearch: (keyword?: string) =>
    keyword ? `/help/search?keyword=${encodeURIComponent(keyword)}` : '/help/search',
  notFound: '/404',
  forbidden: (from?: string) => (from ? `/403?from=${encodeURIComponent(from)}` : '/403'),
} as const;
