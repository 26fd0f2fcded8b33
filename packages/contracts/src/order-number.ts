/** Order numbers: 12 digits starting with 20 (spec §9). */
export const ORDER_NUMBER_PATTERN = /^20\d{10}$/;
export function isOrderNumber(text: string): boolean {
  return ORDER_NUMBER_PATTERN.test(text);
}
