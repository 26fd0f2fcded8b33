/** Every path of the app, built in one place; links use these, never typed strings. */
export const Paths = {
  home: '/',
  login: '/login',
  customerLogin: '/customer/login',
  customerArea: '/customer',
  orderCreate: '/customer/order-create',
  customerProfile: '/customer/profile',
  customerDashboard: '/customer/dashboard',
  customerOrders: '/customer/orders',
  /** A customer's order; `paid` shows the success of a payment just made. */
  customerOrderDetail: (id: string, options: { paid?: boolean } = {}) =>
    `/customer/orders/${encodeURIComponent(id)}${options.paid ? '?paid=1' : ''}`,
  selfReturn: (id: string) => `/customer/self-return/${encodeURIComponent(id)}`,
  /** The QR tab: the code of the order to show at the store, or a choice of them. */
  orderQrHome: '/customer/order-qr',
  /** The customer's saved plans (spec §2 scheme/list; `/fa` is the short link). */
  schemeList: '/customer/scheme/list',
  schemeListShort: '/fa',
  /** A family member's self check-in form, opened by the code the clerk shows (public). */
  selfCheckin: (token = ':token') => `/customer/checkin/${token}`,
  /** A plan (spec §2 scheme/current); without an id, the one the booking page is editing. */
  schemeDetail: (id?: string) =>
    id ? `/customer/scheme/current?id=${encodeURIComponent(id)}` : '/customer/scheme/current',
  /** A plan's short link to share (spec §2 /fa/d), opened without signing in. */
  schemeShort: (id: string) => `/fa/d?id=${encodeURIComponent(id)}`,
  schemeShortPath: '/fa/d',
  storeArea: '/store',
  storeDashboard: '/store/dashboard',
  storeProfile: '/store/profile',
  storeEmployees: '/store/employees',
  storeFinance: '/store/finance',
  /** The administration console (issue: administration) and its sections. */
  admin: '/store/admin',
  adminStores: '/store/admin/stores',
  /** A store's settings; 'new' for a store to open. */
  adminStore: (id: string) => `/store/admin/stores/${encodeURIComponent(id)}`,
  adminParameters: '/store/admin/parameters',
  /** What a rental of each length costs (issue 60), the business's and each store's. */
  adminRateCards: '/store/admin/rate-cards',
  /** The packs each store offers (issue 60): levels, contents, pictures. */
  adminPacks: '/store/admin/packs',
  /** Days priced at a percentage of the cards (issue 60), the business's and each store's. */
  adminPriceSeasons: '/store/admin/price-seasons',
  adminSystem: '/store/admin/system',
  adminCatalogue: '/store/admin/catalogue',
  /** A category and its attribute definitions; 'new' for a new category. */
  adminCategory: (id: string) => `/store/admin/catalogue/${encodeURIComponent(id)}`,
  adminHelp: '/store/admin/help',
  /** A help article to write or change; 'new' for a new one. */
  adminHelpArticle: (id: string) => `/store/admin/help/${encodeURIComponent(id)}`,
  adminRoles: '/store/admin/roles',
  adminAudit: '/store/admin/audit',
  shiftClose: '/store/admin/shift-close',
  storeScan: '/store/scan',
  workspace: '/store/workspace',
  overdueOrders: '/store/workspace/overdue-orders',
  preparationOrders: '/store/workspace/preparation-orders',
  /** Discounts, fees and refunds beyond a clerk's limit, waiting for a manager's answer. */
  moneyApprovals: '/store/workspace/approvals',
  storeOrderList: '/store/orders/list',
  /** Store order create, optionally for a customer's booking (spec §2 orderNumber query). */
  storeOrderCreate: (orderNumber?: string) =>
    orderNumber
      ? `/store/orders/create?orderNumber=${encodeURIComponent(orderNumber)}`
      : '/store/orders/create',
  storeOrderDetail: (id: string) => `/store/orders/detail/${encodeURIComponent(id)}`,
  /**
   * An order's QR page (spec §2, public). With its share key `key` whoever holds the link sees
   * it; without, only the order's customer and its store's staff. `paid`: where the customer's
   * payment of a pick-up order lands.
   */
  orderQr: (orderNumber: string, key?: string | null, { paid = false } = {}) => {
    const query = new URLSearchParams({
      ...(key ? { k: key } : {}),
      ...(paid ? { paid: '1' } : {}),
    });
    const search = query.size > 0 ? `?${query}` : '';
    return `/customer/order-qr/${encodeURIComponent(orderNumber)}${search}`;
  },
  /**
   * An order's receipt (public like the QR page): with the order's share key `key` whoever holds
   * the link reads it; without, only the order's customer and its store's staff.
   */
  receipt: (orderNumber: string, key?: string | null) =>
    `/customer/receipt/${encodeURIComponent(orderNumber)}${key ? `?k=${encodeURIComponent(key)}` : ''}`,
  /** The customer's payment page; opened from a link or QR code, no sign-in needed. */
  customerPayment: (orderId?: string) =>
    orderId ? `/customer/payment/${encodeURIComponent(orderId)}` : '/customer/payment',
  storeOrderPayment: (id?: string) =>
    id ? `/store/orders/payment/${encodeURIComponent(id)}` : '/store/orders/payment',
  inventoryList: '/store/inventory/list',
  inventoryCheckin: '/store/inventory/checkin',
  inventoryBatch: '/store/inventory/batch',
  smallEquipment: '/store/inventory/small-equipment',
  inventoryLabels: (ids: string[] = []) =>
    ids.length
      ? `/store/inventory/labels?ids=${ids.map(encodeURIComponent).join(',')}`
      : '/store/inventory/labels',
  /** The short link a label's QR code opens (spec §2 /cx, with the serial number). */
  equipmentInquiry: (barcode: string) => `/cx?sn=${encodeURIComponent(barcode)}`,
  equipmentInquiryPage: '/customer/equipment-inquiry',
  equipmentInquiryShort: '/cx',
  inventoryEdit: (id: string) => `/store/inventory/edit/${encodeURIComponent(id)}`,
  inventoryDetail: (id: string) => `/store/inventory/detail/${encodeURIComponent(id)}`,
  driverArea: '/driver',
  driverDashboard: '/driver/dashboard',
  driverProfile: '/driver/profile',
  driverDeliveryOrders: '/driver/delivery-orders',
  driverPickupOrders: '/driver/pickup-orders',
  driverOrderDetail: (id: string) => `/driver/order-detail/${encodeURIComponent(id)}`,
  driverDeliveryConfirm: (id: string) => `/driver/delivery-confirm/${encodeURIComponent(id)}`,
  driverPickupConfirm: (id: string) => `/driver/pickup-confirm/${encodeURIComponent(id)}`,
  driverScan: '/driver/scan',
  driverPayment: (id: string) => `/driver/payment/${encodeURIComponent(id)}`,
  agentArea: '/agent',
  agentDashboard: '/agent/dashboard',
  /** An agent books for a customer (beyond the spec's agent page: the issue's agent orders). */
  agentOrderCreate: '/agent/order-create',
  help: '/help',
  helpAudience: (audience: 'customer' | 'store' | 'driver') => `/help/${audience}`,
  helpArticle: (id: string) => `/help/article/${encodeURIComponent(id)}`,
  helpSearch: (keyword?: string) =>
    keyword ? `/help/search?keyword=${encodeURIComponent(keyword)}` : '/help/search',
  /** Store phones, hours and directions, and the customers' help (spec §2 contact-service). */
  contactService: '/customer/contact-service',
  notFound: '/404',
  forbidden: (from?: string) => (from ? `/403?from=${encodeURIComponent(from)}` : '/403'),
} as const;
