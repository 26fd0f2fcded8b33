// The customer-booking feature's public face: what app/ and other features use. Its other files are its own
// (.dependency-cruiser.cjs, docs/architecture.md).

export { BookItem, type ItemToBook } from './components/book-item';
export { QuoteLines } from './components/quote-lines';
export { type BookingDraft, EMPTY_BOOKING, useBookingCart } from './stores/booking-cart';
