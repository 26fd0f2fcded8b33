import { describe, expect, it } from 'vitest';
import { ANONYMOUS, checkRouteAccess, type SessionSnapshot } from './authorization';

const staff: SessionSnapshot = {
  isAuthenticated: true,
  roles: ['StoreEmployee'],
  activeRole: 'StoreEmployee',
  permissions: ['SnowGearSmartStore.BusinessOperations.OrderCreate'],
};

describe('route check', () => {
  it('lets anyone open public routes, and anonymous users open customer routes that need no login', () => {
    expect(checkRouteAccess({ needsLogin: false }, ANONYMOUS, '/help')).toEqual({ allow: true });
    expect(
      checkRouteAccess(
        { needsLogin: false, roles: ['Customer'] },
        ANONYMOUS,
        '/customer/order-create',
      ),
    ).toEqual({
      allow: true,
    });
  });

  it('sends anonymous users to the customer or staff login with the wanted path', () => {
    expect(checkRouteAccess({ needsLogin: true }, ANONYMOUS, '/customer/orders?tab=2')).toEqual({
      allow: false,
      redirectTo: '/customer/login?redirect=%2Fcustomer%2Forders%3Ftab%3D2',
    });
    expect(checkRouteAccess({ needsLogin: true }, ANONYMOUS, '/store/dashboard')).toEqual({
      allow: false,
      redirectTo: '/login?redirect=%2Fstore%2Fdashboard',
    });
  });

  it('passes any listed role or permission and sends others to /403 with from', () => {
    expect(
      checkRouteAccess(
        { needsLogin: true, roles: ['StoreManager', 'StoreEmployee'] },
        staff,
        '/store/x',
      ),
    ).toEqual({
      allow: true,
    });
    expect(
      checkRouteAccess(
        { needsLogin: true, permissions: ['SnowGearSmartStore.BusinessOperations.OrderCreate'] },
        staff,
        '/store/orders/create',
      ),
    ).toEqual({ allow: true });
    expect(
      checkRouteAccess({ needsLogin: true, roles: ['Driver'] }, staff, '/driver/dashboard'),
    ).toEqual({
      allow: false,
      redirectTo: '/403?from=%2Fdriver%2Fdashboard',
    });
    expect(
      checkRouteAccess(
        { needsLogin: true, roles: ['Driver'] },
        { ...staff, roles: [], activeRole: 'Driver' },
        '/driver',
      ),
    ).toEqual({ allow: true });
  });
});
