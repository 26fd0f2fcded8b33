import { AgentCustomerFields, agentCustomerErrors } from '../components/agent-customer-fields';
import { BookingPage } from './order-create-page';

/** /agent/order-create: the booking page, for an agent booking on a customer's behalf. */
export default function AgentBookingPage() {
  return <BookingPage agent={{ Fields: AgentCustomerFields, errorsOf: agentCustomerErrors }} />;
}
