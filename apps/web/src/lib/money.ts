/** An amount in yuan as staff and customers read it: ¥1120.00 (two decimals, no separators). */
export function money(yuan: number): string {
  return `¥${yuan.toFixed(2)}`;
}
