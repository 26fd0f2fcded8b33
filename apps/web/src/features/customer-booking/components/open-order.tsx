import { useEffect } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { Button } from 'antd-mobile';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { OrderStatus, RoleName, type Order } from '@snowgear/contracts';
import { Paths } from '@/config/paths';
import { ApiError } from '@/lib/api-errors';
import { useSession } from '@/features/auth';
import { getOrderByNumber } from '@/features/orders';
import { ErrorBlock } from '@/components/error-block';
import { LoadingDots } from '@/components/loading-dots';

const STORE_ROLES: readonly string[] = [
  RoleName.StoreEmployee,
  RoleName.StoreManager,
  RoleName.SuperAdmin,
];

/** Where a booked order goes on: payment while it waits for it, else its QR code. */
const nextPage = (order: Order) =>
  order.status === OrderStatus.Unpaid || order.status === OrderStatus.PendingPayment
    ? Paths.customerPayment(order.id)
    : Paths.orderQr(order.orderNumber);

/**
 * `/customer/order-create?orderNumber=` (spec §2, the store variant): store staff go on to the
 * store's order create with it; the order's customer to its payment or its QR code; anyone else
 * signs in first.
 */
export function OpenOrder({ orderNumber, onDone }: { orderNumber: string; onDone: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const signedIn = !!session.accessToken;
  const isStaff = signedIn && (session.user?.roles ?? []).some((r) => STORE_ROLES.includes(r));
  const isCustomer = signedIn && !!session.user?.roles.includes(RoleName.Customer);
  const order = useQuery({
    queryKey: ['orders', 'by-number', orderNumber] as const,
    queryFn: () => getOrderByNumber(orderNumber),
    enabled: isCustomer && !isStaff && /^\d{12}$/.test(orderNumber),
    retry: false,
  });

  useEffect(() => {
    if (order.data) void navigate(nextPage(order.data), { replace: true });
  }, [order.data, navigate]);

  if (isStaff) return <Navigate to={Paths.storeOrderCreate(orderNumber)} replace />;
  if (!isCustomer) {
    const back = `${Paths.orderCreate}?orderNumber=${encodeURIComponent(orderNumber)}`;
    return <Navigate to={`${Paths.customerLogin}?redirect=${encodeURIComponent(back)}`} replace />;
  }
  if (order.isError || !/^\d{12}$/.test(orderNumber)) {
    const missing = !(order.error instanceof ApiError) || order.error.status === 404;
    return (
      <ErrorBlock
        status="empty"
        title={missing ? t('booking.orderNotFound', { orderNumber }) : t('app.loadFailed')}
        description={missing ? t('booking.orderNotFoundTip') : order.error?.message}
      >
        <Button color="primary" onClick={onDone}>
          {t('booking.bookNew')}
        </Button>
      </ErrorBlock>
    );
  }
  return (
    <div className="page-body open-order" role="status" aria-label={t('app.loading')}>
      <LoadingDots />
    </div>
  );
}
