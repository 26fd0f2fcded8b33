import { describe, expect, it } from 'vitest';
import { ANONYMOUS, checkRouteAccess, safeRedirect, type SessionSnapshot } from './authorization';

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

  it('sends signed-in users away from sign-in pages to their home or the wanted page', () => {
    expect(checkRouteAccess({ needsLogin: false, guestOnly: true }, staff, '/login')).toEqual({
      allow: false,
      redirectTo: '/store/dashboard',
    });
    expect(
      checkRouteAccess(
        { needsLogin: false, guestOnly: true },
        staff,
        '/login?redirect=%2Fstore%2Femployees',
      ),
    ).toEqual({
      allow: false,
      redirectTo: '/store/employees',
    });
    expect(
      checkRouteAccess(
        { needsLogin: false, guestOnly: true },
        staff,
        '/login?redirect=https%3A%2F%2Fevil.example',
      ),
    ).toEqual({ allow: false, redirectTo: '/store/dashboard' });
    const customer = { ...staff, roles: ['Customer'], activeRole: 'Customer', permissions: [] };
    // A customer may still open the staff login (e.g. to sign in as an employee).
    expect(checkRouteAccess({ needsLogin: false, guestOnly: true }, customer, '/login')).toEqual({
      allow: true,
    });
    expect(
      checkRouteAccess({ needsLogin: false, guestOnly: true }, customer, '/customer/login'),
    ).toEqual({
      allow: false,
      redirectTo: '/customer/order-create',
    });
    expect(checkRouteAccess({ needsLogin: false, guestOnly: true }, ANONYMOUS, '/login')).toEqual({
      allow: true,
    });
  });

  it('keeps public pages open to every role', () => {
    expect(
      checkRouteAccess({ needsLogin: false, roles: ['Customer'] }, staff, '/customer/order-create'),
    ).toEqual({
      allow: true,
    });
  });

  it('follows only redirects inside the app', () => {
    expect(safeRedirect('/store/dashboard?x=1')).toBe('/store/dashboard?x=1');
    expect(safeRedirect('//evil.example')).toBeNull();
    expect(safeRedirect('https://evil.example')).toBeNull();
    expect(safeRedirect(null)).toBeNull();
  });
});
