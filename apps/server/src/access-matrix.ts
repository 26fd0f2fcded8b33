/**
 * Who gets what from every API route: the answer each caller is expected to get, checked
 * against the running app by access-matrix.test.ts on both database engines
 * (docs/permissions.md).
 *
 * One line per route, `METHOD /path/:param` as the app registers it (a HEAD route that mirrors a
 * GET is covered by the GET line), then one answer per caller:
 *   anonymous  nobody signed in
 *   customer   the demo customer (13800138000, 张三)
 *   driver, agent, employee, manager, admin: the demo users; all but the agent work at 万龙雪场店,
 *   and the admin (SuperAdmin) sees every store.
 *
 * Answers are classes, not exact bodies:
 *   ok   the handler was reached: 2xx, or a business or validation answer that refuses no one
 *   401  sign-in required
 *   403  refused: App:Forbidden, or a scope code (another store's order, gear, file or people,
 *        someone else's file, a driver's cash on a counter order)
 *   404  not found: hidden (another store's people, another customer's order), or no such thing
 *
 * A route about a store's (or a customer's) resource is called twice: for a resource of the
 * caller's own store (the customer's own), then for one of another store, 云顶夜场店 (another
 * customer's). Such a line answers `own/other` (at least one cell); a single answer in it holds
 * for both.
 *
 * A new route needs a line here: the test names the routes without one. When the route takes ids
 * or a body, tell the test how to call it harmlessly (RECIPES in access-matrix.test.ts).
 */
export const CALLERS = [
  'anonymous',
  'customer',
  'driver',
  'agent',
  'employee',
  'manager',
  'admin',
] as const;
export type Caller = (typeof CALLERS)[number];

export const ACCESS_MATRIX = `
method path                                               anonymous customer driver agent  employee manager admin
# Sign-in, profile and WeChat (bodies that fail validation: nothing signs in or out)
GET    /api/abp/application-configuration                 ok        ok       ok     ok     ok       ok      ok
POST   /api/app/account/login                             ok        ok       ok     ok     ok       ok      ok
POST   /api/app/account/login/send-sms-code              ok        ok       ok     ok     ok       ok      ok
POST   /api/h5/auth/phone-login                           ok        ok       ok     ok     ok       ok      ok
POST   /api/h5/auth/send-sms-code                         ok        ok       ok     ok     ok       ok      ok
POST   /api/app/account/refresh-token                     ok        ok       ok     ok     ok       ok      ok
POST   /api/app/account/logout                            ok        ok       ok     ok     ok       ok      ok
GET    /api/app/account/my-profile                        401       ok       ok     ok     ok       ok      ok
GET    /api/h5/auth/current-user                          401       ok       ok     ok     ok       ok      ok
POST   /api/app/account/change-password                   401       ok       ok     ok     ok       ok      ok
POST   /api/h5/auth/wechat-auth-url                       ok        ok       ok     ok     ok       ok      ok
POST   /api/h5/auth/wechat-login                          ok        ok       ok     ok     ok       ok      ok
POST   /api/h5/auth/anonymous-wechat-info                 ok        ok       ok     ok     ok       ok      ok
POST   /api/h5/auth/bind-wechat                           401       ok       ok     ok     ok       ok      ok
POST   /api/h5/auth/unbind-wechat                         401       ok       ok     ok     ok       ok      ok
POST   /api/app/wechat-jssdk/config                       ok        ok       ok     ok     ok       ok      ok
GET    /api/app/altcha/challenge                          ok        ok       ok     ok     ok       ok      ok
#
# People: a manager sees their own store's staff only (another store's answer as not found)
GET    /api/app/employees                                 401       403      403    403    403      ok      ok
GET    /api/app/employees/assignable-roles                401       403      403    403    403      ok      ok
GET    /api/app/employees/:id                             401       403      403    403    403      ok/404  ok/ok
POST   /api/app/employees                                 401       403      403    403    403      ok/403  ok/ok
PUT    /api/app/employees/:id                             401       403      403    403    403      ok/404  ok/ok
POST   /api/app/employees/:id/deactivate                  401       403      403    403    403      ok/404  ok/ok
POST   /api/app/employees/:id/activate                    401       403      403    403    403      ok/404  ok/ok
POST   /api/app/employees/:id/reset-password              401       403      403    403    403      ok/404  ok/ok
#
# Files of a store: downloaded, a delivery photo kept with an order of the store (the customer's
# own order; another customer's); deleted, or replaced by an upload with overrideExisting, a
# picture of an item of the store. Staff of another store are refused (403), as for its orders and
# gear; a customer never sees another's (404). my-files: own = uploaded by the caller, other =
# uploaded by someone else
POST   /api/files/upload                                  401       ok       ok     ok     ok/403   ok/403  ok/ok
GET    /api/files/download/:id                            401       ok/404   ok/403 404    ok/403   ok/403  ok/ok
GET    /api/files/:id/link                                401       ok/404   ok/403 404    ok/403   ok/403  ok/ok
DELETE /api/files/:id                                     401       403      403    403    ok/403   ok/403  ok/ok
DELETE /api/files/my-files/:id                            401       ok/403   ok/403 ok/403 ok/403   ok/403  ok/403
#
# Gear: staff and drivers see every store's gear (name, status, when it is free); only the store's
# own staff change it, and only they are told which order holds it (its id, number, customer:
# null for another store's item, equipment.test.ts)
GET    /api/app/equipment/by-barcode                      401       403      ok/ok  403    ok/ok    ok/ok   ok/ok
GET    /api/app/equipment/inquiry                         ok        ok       ok     ok     ok       ok      ok
GET    /api/app/equipment/catalog-items                   ok        ok       ok     ok     ok       ok      ok
GET    /api/app/equipment/catalog-categories              ok        ok       ok     ok     ok       ok      ok
GET    /api/app/equipment                                 401       403      ok/ok  403    ok/ok    ok/ok   ok/ok
GET    /api/app/equipment/categories                      401       403      ok     403    ok       ok      ok
GET    /api/app/equipment-attribute/attribute-definitions 401       403      ok     403    ok       ok      ok
GET    /api/app/equipment-attribute/attribute-values/:id  401       403      ok     403    ok       ok      ok
POST   /api/app/equipment                                 401       403      403    403    ok/403   ok/403  ok/ok
GET    /api/app/equipment/:id                             401       403      ok/ok  403    ok/ok    ok/ok   ok/ok
PUT    /api/app/equipment/:id                             401       403      403    403    ok/403   ok/403  ok/ok
PUT    /api/app/equipment/:id/barcode                     401       403      403    403    ok/403   ok/403  ok/ok
POST   /api/app/equipment/change-status/:id               401       403      403    403    ok/403   ok/403  ok/ok
POST   /api/app/equipment/:id/transfer                    401       403      403    403    ok/403   ok/403  ok/ok
GET    /api/app/equipment/unavailable-times/:id           401       403      ok/ok  403    ok/ok    ok/ok   ok/ok
DELETE /api/app/equipment/unavailable-time/:id            401       403      403    403    ok/403   ok/403  ok/ok
GET    /api/app/equipment/equipment-operation-history/:id 401       403      ok/ok  403    ok/ok    ok/ok   ok/ok
GET    /api/app/equipment/equipment-usage-statistics/:id  401       403      ok/ok  403    ok/ok    ok/ok   ok/ok
GET    /api/app/equipment/store-inventory-summary/:id     401       403      ok/ok  403    ok/ok    ok/ok   ok/ok
POST   /api/app/equipment/stock-in/:equipmentId           401       403      403    403    ok/403   ok/403  ok/ok
POST   /api/app/equipment/stock-out/:equipmentId          401       403      403    403    ok/403   ok/403  ok/ok
POST   /api/app/equipment/batch-stock-in                  401       403      403    403    ok       ok      ok
POST   /api/app/equipment/batch-stock-out                 401       403      403    403    ok       ok      ok
POST   /api/app/equipment/early-return/:equipmentId       401       403      403    403    ok/403   ok/403  ok/ok
# An item's orders are listed within the caller's store scope (filtered, never refused)
GET    /api/app/equipment/orders-count                    401       403      ok/ok  403    ok/ok    ok/ok   ok/ok
GET    /api/app/equipment/in-use-orders                   401       403      ok/ok  403    ok/ok    ok/ok   ok/ok
GET    /api/app/equipment/reserved-orders                 401       403      ok/ok  403    ok/ok    ok/ok   ok/ok
GET    /api/app/equipment/unpaid-orders                   401       403      ok/ok  403    ok/ok    ok/ok   ok/ok
GET    /api/app/equipment/completed-orders                401       403      ok/ok  403    ok/ok    ok/ok   ok/ok
GET    /api/app/small-equipment                           401       403      403    403    ok       ok      ok
POST   /api/app/small-equipment                           401       403      403    403    ok/403   ok/403  ok/ok
POST   /api/app/small-equipment/:id/adjust                401       403      403    403    ok/403   ok/403  ok/ok
PUT    /api/app/small-equipment/:id/names                 401       403      403    403    ok/403   ok/403  ok/ok
GET    /api/app/small-equipment/:id/history               401       403      403    403    ok/ok    ok/ok   ok/ok
#
# Customer booking: the catalog and quotes for anyone; booking itself for signed-in customers
GET    /api/app/booking/catalog                           ok        ok       ok     ok     ok       ok      ok
POST   /api/app/booking/quote                             ok        ok       ok     ok     ok       ok      ok
POST   /api/app/booking/full-days                         ok        ok       ok     ok     ok       ok      ok
POST   /api/app/booking/orders                            401       ok       403    403    403      403     403
# Schemes: a signed-in user's own plans (the customer's scheme; others' read as none); the short
# link's view for anyone
GET    /api/app/schemes                                   401       ok       ok     ok     ok       ok      ok
POST   /api/app/schemes                                   401       ok       ok     ok     ok       ok      ok
GET    /api/app/schemes/:id                               401       ok       404    404    404      404     404
PUT    /api/app/schemes/:id                               401       ok       ok     ok     ok       ok      ok
DELETE /api/app/schemes/:id                               401       404      404    404    404      404     404
GET    /api/app/schemes/:id/shared                        ok        ok       ok     ok     ok       ok      ok
# Self check-in: the store's order makers open one for their store and read it; a family member's
# phone reads and adds through its code, signed in or not
POST   /api/app/self-checkins                             401       403      403    403    ok/403   ok/403  ok/ok
GET    /api/app/self-checkins/:id                         401       403      403    403    ok       ok      ok
GET    /api/app/checkin/:token                            ok        ok       ok     ok     ok       ok      ok
POST   /api/app/checkin/:token/riders                     ok        ok       ok     ok     ok       ok      ok
#
# Orders: own = an order of the caller's store (for the customer: their own order); another
# customer's order is not found. Drivers handle their store's orders and take cash on its
# delivery and pickup runs only: the order here is a counter order, so they are refused.
POST   /api/app/orders                                    401       403      403    403    ok/403   ok/403  ok/ok
POST   /api/app/orders/quote                              401       403      403    403    ok/403   ok/403  ok/ok
GET    /api/app/orders                                    401       ok       ok     403    ok       ok      ok
GET    /api/app/orders/customer-history                   401       403      403    403    ok       ok      ok
GET    /api/app/orders/item-availability                  401       403      403    403    ok/403   ok/403  ok/ok
GET    /api/app/orders/customer-riders                    401       403      403    403    ok       ok      ok
GET    /api/app/orders/by-number/:orderNumber             401       ok/404   ok/403 403    ok/403   ok/403  ok/ok
GET    /api/app/orders/:id                                401       ok/404   ok/403 403    ok/403   ok/403  ok/ok
# The order QR page is public, but only the order's customer, its store's staff or the holder of
# its share key see it: to anyone else (here: called without the key) the order does not exist
GET    /api/app/orders/qr/:orderNumber                    404       ok/404   ok/404 404    ok/404   ok/404  ok/ok
# An order's receipt: as the order (staff of its store, its customer), and as its QR page (or with
# its share key) for whoever may open that
GET    /api/app/orders/:id/receipt                        401       ok/404   ok/403 403    ok/403   ok/403  ok/ok
GET    /api/app/orders/qr/:orderNumber/receipt            404       ok/404   ok/404 404    ok/404   ok/404  ok/ok
POST   /api/app/orders/confirm-cash-received              401       403      403    403    ok/403   ok/403  ok/ok
POST   /api/app/orders/confirm-cash-refunded              401       403      403    403    ok/403   ok/403  ok/ok
POST   /api/app/orders/:id/cancel                         401       403      403    403    ok/403   ok/403  ok/ok
POST   /api/app/orders/:id/confirm                        401       403      403    403    ok/403   ok/403  ok/ok
PUT    /api/app/orders/:id                                401       403      403    403    ok/403   ok/403  ok/ok
PUT    /api/app/orders/:id/delivery-method                401       403      403    403    ok/403   ok/403  ok/ok
PUT    /api/app/orders/:id/agent                          401       403      403    403    ok/403   ok/403  ok/ok
POST   /api/app/orders/:id/handover                       401       403      403    403    ok/403   ok/403  ok/ok
POST   /api/app/orders/:id/dispatch                       401       403      ok/403 403    ok/403   ok/403  ok/ok
POST   /api/app/orders/:id/delivered                      401       403      ok/403 403    ok/403   ok/403  ok/ok
# Cash on delivery is chosen by the order's customer or the store's order handlers
POST   /api/app/orders/:id/pay-at-door                    401       ok/404   403    403    ok/403   ok/403  ok/ok
POST   /api/app/orders/:id/start-return                   401       403      ok/403 403    ok/403   ok/403  ok/ok
POST   /api/app/orders/:id/pickup                         401       403      ok/403 403    ok/403   ok/403  ok/ok
# Drivers' runs: drivers see their own and the open pool of their store, order handlers the
# store's; handlers give runs out, drivers (and a manager who drives) take them from the pool
GET    /api/app/deliveries/tasks                          401       403      ok     403    ok       ok      ok
GET    /api/app/deliveries/today                          401       403      ok     403    ok       ok      ok
GET    /api/app/deliveries/drivers                        401       403      403    403    ok       ok      ok
PUT    /api/app/orders/:id/driver                         401       403      403    403    ok/403   ok/403  ok/ok
POST   /api/app/orders/:id/take                           401       403      ok/403 403    403      ok/403  ok/ok
# An agent's own business (each answers for the signed-in agent only)
GET    /api/app/agent/referral                            401       403      403    ok     403      403     ok
GET    /api/app/agent/orders                              401       403      403    ok     403      403     ok
# (one order: another agent’s, or none, reads as none to an agent and to a super admin alike)
GET    /api/app/agent/orders/:id                          401       403      403    404    403      403     404
GET    /api/app/agent/customers                           401       403      403    ok     403      403     ok
GET    /api/app/agent/performance                         401       403      403    ok     403      403     ok
POST   /api/app/agent/orders                              401       403      403    ok     403      403     ok
POST   /api/app/agent/orders/:id/withdraw                 401       403      403    ok     403      403     ok
POST   /api/app/orders/:id/extend                         401       403      403    403    ok/403   ok/403  ok/ok
POST   /api/app/orders/:id/return                         401       403      403    403    ok/403   ok/403  ok/ok
POST   /api/app/orders/:id/waive-late-fee                 401       403      403    403    403      ok/403  ok/ok
POST   /api/app/orders/:id/bind                           401       403      403    403    ok/403   ok/403  ok/ok
POST   /api/app/orders/:id/items/:itemId/din              401       403      403    403    ok/403   ok/403  ok/ok
# Money changed by hand on an order (its store's order handlers); a clerk asks the store's
# managers to approve beyond their limit and follows the answer; managers (and the super admin)
# answer. The approvals called here do not exist
POST   /api/app/orders/:id/fees                           401       403      403    403    ok/403   ok/403  ok/ok
POST   /api/app/orders/:id/goodwill-refund                401       403      403    403    ok/403   ok/403  ok/ok
POST   /api/app/money-approvals                           401       403      403    403    ok       ok      ok
GET    /api/app/money-approvals                           401       403      403    403    403      ok      ok
GET    /api/app/money-approvals/:id                       401       403      403    403    404      404     404
POST   /api/app/money-approvals/:id/withdraw              401       403      403    403    404      404     404
POST   /api/app/money-approvals/:id/decide                401       403      403    403    403      ok      ok
#
# A customer's own actions on their orders (another customer's order is not found: my-orders
# tests); staff act through the order calls above
POST   /api/app/my-orders/:id/cancel                      401       ok       403    403    403      403     403
POST   /api/app/my-orders/:id/extend                      401       ok       403    403    403      403     403
POST   /api/app/my-orders/:id/self-return                 401       ok       403    403    403      403     403
#
# Riders: everyone signed in keeps their own; own = a rider of the caller, other = someone else's
# (not found, even for the super admin)
GET    /api/app/riders                                    401       ok       ok     ok     ok       ok      ok
POST   /api/app/riders                                    401       ok       ok     ok     ok       ok      ok
PUT    /api/app/riders/:id                                401       ok/404   ok/404 ok/404 ok/404   ok/404  ok/404
DELETE /api/app/riders/:id                                401       ok/404   ok/404 ok/404 ok/404   ok/404  ok/404
# Saved addresses: customers only (staff keep none); own = an address of the customer, other =
# another customer's (not found)
GET    /api/app/my-addresses                              401       ok       403    403    403      403     403
POST   /api/app/my-addresses                              401       ok       403    403    403      403     403
PUT    /api/app/my-addresses/:id                          401       ok/404   403    403    403      403     403
DELETE /api/app/my-addresses/:id                          401       ok/404   403    403    403      403     403
#
# Payments: paying needs no sign-in (ids are unguessable); refunds are counter work
GET    /api/app/payments/checkout/:orderId                ok        ok       ok     ok     ok       ok      ok
POST   /api/app/payments                                  ok        ok       ok     ok     ok       ok      ok
# An unknown payment, provider or trade: nobody is refused, everyone is told it does not exist
GET    /api/app/payments/:paymentId                       404       404      404    404    404      404     404
GET    /api/app/orders/bill/:billId/payment-status        401       ok/404   ok/403 403    ok/403   ok/403  ok/ok
POST   /api/app/payments/refund                           401       403      403    403    ok/403   ok/403  ok/ok
POST   /api/payments/notify/:provider                     404       404      404    404    404      404     404
GET    /api/payments/sandbox/cashier/:outTradeNo          404       404      404    404    404      404     404
POST   /api/payments/sandbox/cashier/:outTradeNo/pay      404       404      404    404    404      404     404
POST   /api/payments/sandbox/cashier/:outTradeNo/fail     404       404      404    404    404      404     404
#
# Finance: a manager sees their own store's accounts
GET    /api/app/finance/summary                           401       403      403    403    403      ok/403  ok/ok
GET    /api/app/finance/agents                            401       403      403    403    403      ok/403  ok/ok
GET    /api/app/finance/bills                             401       403      403    403    403      ok/403  ok/ok
GET    /api/app/finance/export.csv                        401       403      403    403    403      ok/403  ok/ok
#
# Configuration and help are public
GET    /api/app/config-distribution/h5                    ok        ok       ok     ok     ok       ok      ok
GET    /api/app/help/articles                             ok        ok       ok     ok     ok       ok      ok
GET    /api/app/help/articles/search                      ok        ok       ok     ok     ok       ok      ok
GET    /api/app/help/articles/:id                         ok        ok       ok     ok     ok       ok      ok
POST   /api/app/help/articles/:id/feedback                ok        ok       ok     ok     ok       ok      ok
#
# The store dashboard: the figures of the caller's store (a super admin any store's)
GET    /api/app/store-dashboard                           401       403      403    403    ok/403   ok/403  ok/ok
#
# Administration: stores, business parameters, system information and filing (the super admin;
# a manager their own store's parameters)
GET    /api/app/admin/stores                              401       403      403    403    403      403     ok
GET    /api/app/admin/stores/:id                          401       403      403    403    403      403     ok
POST   /api/app/admin/stores                              401       403      403    403    403      403     ok
PUT    /api/app/admin/stores/:id                          401       403      403    403    403      403     ok
GET    /api/app/admin/business-parameters                 401       403      403    403    403      ok/403  ok/ok
PUT    /api/app/admin/business-parameters                 401       403      403    403    403      ok/403  ok/ok
GET    /api/app/admin/system-info                         401       403      403    403    403      403     ok
PUT    /api/app/admin/system-info                         401       403      403    403    403      403     ok
GET    /api/app/admin/rental-agreements                   401       403      403    403    403      403     ok
POST   /api/app/admin/rental-agreements                   401       403      403    403    403      403     ok
#
# Rate cards (the business's for system management, a manager's own store's)
GET    /api/app/rate-cards                                401       403      403    403    403      ok/403  ok/ok
PUT    /api/app/rate-cards                                401       403      403    403    403      404/403 404/404
DELETE /api/app/rate-cards/:id                            401       403      403    403    403      404     404
GET    /api/app/rate-cards/preview                        401       403      403    403    403      404/403 404/404
GET    /api/app/rental-packs                              401       403      403    403    403      ok/403  ok/ok
POST   /api/app/rental-packs                              401       403      403    403    403      ok/403  ok/ok
PUT    /api/app/rental-packs/:id                          401       403      403    403    403      404/403 404/404
DELETE /api/app/rental-packs/:id                          401       403      403    403    403      404     404
GET    /api/app/price-seasons                             401       403      403    403    403      ok/403  ok/ok
POST   /api/app/price-seasons                             401       403      403    403    403      ok/403  ok/ok
PUT    /api/app/price-seasons/:id                         401       403      403    403    403      404     404
DELETE /api/app/price-seasons/:id                         401       403      403    403    403      404     404
# Administration: the catalogue (categories and attribute definitions)
GET    /api/app/catalogue/categories                      401       403      403    403    403      403     ok
POST   /api/app/catalogue/categories                      401       403      403    403    403      403     ok
POST   /api/app/catalogue/categories/reorder              401       403      403    403    403      403     ok
GET    /api/app/catalogue/categories/:id                  401       403      403    403    403      403     ok
PUT    /api/app/catalogue/categories/:id                  401       403      403    403    403      403     ok
DELETE /api/app/catalogue/categories/:id                  401       403      403    403    403      403     ok
GET    /api/app/catalogue/attributes                      401       403      403    403    403      403     ok
POST   /api/app/catalogue/attributes                      401       403      403    403    403      403     ok
PUT    /api/app/catalogue/attributes/:id                  401       403      403    403    403      403     ok
POST   /api/app/catalogue/attributes/:id/enable           401       403      403    403    403      403     ok
POST   /api/app/catalogue/attributes/:id/disable          401       403      403    403    403      403     ok
DELETE /api/app/catalogue/attributes/:id                  401       403      403    403    403      403     ok
#
# Administration: help articles (drafts and publishing)
GET    /api/app/help/admin/articles                       401       403      403    403    403      403     ok
POST   /api/app/help/admin/articles                       401       403      403    403    403      403     ok
GET    /api/app/help/admin/articles/:id                   401       403      403    403    403      403     ok
PUT    /api/app/help/admin/articles/:id                   401       403      403    403    403      403     ok
POST   /api/app/help/admin/articles/:id/publish           401       403      403    403    403      403     ok
POST   /api/app/help/admin/articles/:id/unpublish         401       403      403    403    403      403     ok
DELETE /api/app/help/admin/articles/:id                   401       403      403    403    403      403     ok
#
# Administration: roles (read by those who manage staff, changed by the super admin)
GET    /api/app/roles/matrix                              401       403      403    403    403      ok      ok
PUT    /api/app/roles/:name/permissions                   401       403      403    403    403      403     ok
#
# Administration: the audit log (every store for the super admin, a manager their own)
GET    /api/app/audit-log                                 401       403      403    403    403      ok/403  ok/ok
GET    /api/app/audit-log/export.csv                      401       403      403    403    403      ok/403  ok/ok
#
# Finance: shift close (cash per clerk per day)
GET    /api/app/finance/shift-close                       401       403      403    403    403      ok/403  ok/ok
`;
