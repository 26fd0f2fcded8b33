import type { CounterQuote, CounterQuoteRequestSchema } from '@snowgear/contracts';
import type { z } from 'zod';
import { rentalDays, toYuan } from './pricing.js';
import { OrdersService } from './service.js';

type CounterQuoteInput = z.output<typeof CounterQuoteRequestSchema>;

/**
 * What an order being taken at the counter will cost, priced as `create` prices it
 * (modules/pricing): the clerk reads the server's figure, never a guess of their own.
 */
export class OrderQuotes extends OrdersService {
  async counter(input: CounterQuoteInput): Promise<CounterQuote> {
    this.assertOwnStore(input.storeId);
    const start = new Date(input.rentalStartTime);
    const end = new Date(input.rentalEndTime);
    const days = rentalDays(start, end);
    const lines = await this.resolveLines(input, start, end);
    const priced = await this.priceLines(input, lines, start, days);
    // At the counter every line is its own unit: unit i prices line i.
    return {
      days,
      lines: priced.units.map((unit) => ({
        rent: toYuan(unit.rentFen),
        explanation: !unit.explained
          ? ''
          : this.en
            ? unit.descriptionEn || unit.description
            : unit.description,
        deposit: toYuan(unit.lines.reduce((n, i) => n + priced.lines[i]!.depositFen, 0)),
      })),
      rent: toYuan(priced.rentFen),
    };
  }
}
