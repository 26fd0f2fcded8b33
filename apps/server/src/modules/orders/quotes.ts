import { clockText, type CounterQuote, type CounterQuoteRequestSchema } from '@snowgear/contracts';
import type { z } from 'zod';
import { rentalDays, toYuan } from './pricing.js';
import { OrdersService } from './service.js';

type CounterQuoteInput = z.output<typeof CounterQuoteRequestSchema>;

/**
 * What an order being taken at the counter will cost, priced as `create` prices it
 * (modules/pricing): the clerk reads the server's figure, never a guess of their own, and the
 * gear one person takes that makes up a pack at its pack price.
 */
export class OrderQuotes extends OrdersService {
  async counter(input: CounterQuoteInput): Promise<CounterQuote> {
    this.assertOwnStore(input.storeId);
    const start = new Date(input.rentalStartTime);
    const end = new Date(input.rentalEndTime);
    const days = rentalDays(start, end);
    const lines = await this.resolveLines(input, start, end);
    const { priced, pricing } = await this.priceLines(input, lines, start, end);
    // Per line: a piece's own rent, or a pack part's share of the pack's, which says how the
    // pack came about on its first part.
    const unitOf = (i: number) => priced.units.find((u) => u.lines.includes(i))!;
    return {
      days,
      lines: priced.lines.map((line, i) => {
        const unit = unitOf(i);
        const says = unit.explained && unit.lines[0] === i;
        return {
          rent: toYuan(unit.lines.length === 1 ? unit.rentFen : line.rentFen),
          explanation: !says
            ? ''
            : this.en
              ? unit.descriptionEn || unit.description
              : unit.description,
          deposit: toYuan(line.depositFen),
          pack: unit.pack ? (this.en ? unit.pack.nameEn || unit.pack.name : unit.pack.name) : null,
        };
      }),
      rent: toYuan(priced.rentFen),
      halfDayFrom: pricing.halfDays ? clockText(pricing.halfDayFrom) : null,
    };
  }
}
