/** Whether a run still to do is past its time. */
export function isLate(dueAt: string, now: Date): boolean {
  return new Date(dueAt).getTime() < now.getTime();
}
