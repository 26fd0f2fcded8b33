import { describe, expect, it } from 'vitest';
import { textGroupsIn } from './route-texts';

const GROUPS = new Set(['app', 'booking', 'orders', 'addresses', 'validation']);

describe('the text groups a page reads', () => {
  it('finds keys written out, keys built on a group and groups handed on as a prefix', () => {
    const code = [
      `t("booking.title")`,
      't(`orders.status.${s}`)',
      `fieldErrors(issues, 'addresses')`,
      `i18n.t('app.crashed')`,
    ].join(';');
    expect([...textGroupsIn(code, GROUPS)].sort()).toEqual([
      'addresses',
      'app',
      'booking',
      'orders',
    ]);
  });

  it('ignores words that are no group and groups inside other words', () => {
    const code = `const a = "apples.ripe"; const b = 'bookings'; const c = "my-app.css"; x.validation`;
    expect([...textGroupsIn(code, GROUPS)]).toEqual([]);
  });
});
