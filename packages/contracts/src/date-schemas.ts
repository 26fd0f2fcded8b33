import { z } from 'zod';
import { DateIssue, isNearNow, QUERY_YEARS } from './dates.js';

/** An ISO time with an offset that is booked (rental start or end, check-out): near now. */
export const bookingTime = () =>
  z.iso.datetime({ offset: true }).refine((v) => isNearNow(v), DateIssue.DateOutOfRange);

const yearOf = (v: string) => Number(v.slice(0, 4));
const inQueryYears = (v: string) => yearOf(v) >= QUERY_YEARS.min && yearOf(v) <= QUERY_YEARS.max;

/** A YYYY-MM-DD day in a search or report. */
export const queryDay = () => z.iso.date().refine(inQueryYears, DateIssue.DateOutOfRange);

/** An ISO time with an offset in a search. */
export const queryTime = () =>
  z.iso.datetime({ offset: true }).refine(inQueryYears, DateIssue.DateOutOfRange);
