// The public face of features/customer-booking: what app/ and other features use. Its other files are
// its own (docs/architecture.md).

export { BookItem, type ItemToBook } from './components/book-item';
export { QuoteLines } from './components/quote-lines';
export { type BookingDraft, EMPTY_BOOKING, useBookingCart } from './stores/booking-cart';
