import { useParams } from 'react-router';
import { Paths } from '@/config/paths';
import { PayOrder } from '@/features/orders/pages/order-payment-page';

/** /driver/payment/:id: what the customer still owes, taken at the door (cash or QR code). */
export default function DriverPaymentPage() {
  const { id = '' } = useParams();
  return (
    <PayOrder
      id={id}
      detailPath={Paths.driverOrderDetail(id)}
      paymentPath={Paths.driverPayment(id)}
    />
  );
}
