import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { DatabaseHandle } from '@/db/client.js';
import { bookingsWaitingTheirTurn } from '@/modules/orders/bookings-in-turn.js';

/** What the business counts: each happened once, in this process. */
export type BusinessEvent =
  'booking' | 'payment_cash' | 'payment_online' | 'refund_cash' | 'refund_online' | 'scan';

/**
 * This process's figures in Prometheus' format. Each process counts its own; Prometheus adds
 * them up across processes (its labels tell them apart). One registry per server instance, so
 * tests that build several apps in one process never mix their counts.
 */
export class ServerMetrics {
  readonly registry = new Registry();
  private readonly requests: Counter<'method' | 'route' | 'status'>;
  private readonly duration: Histogram<'method' | 'route'>;
  private readonly events: Counter<'event'>;
  private readonly orderSweeps: Counter;

  /** `processFigures`: also the process's own (memory, CPU, event loop lag), when scraped. */
  constructor(database: DatabaseHandle, { processFigures }: { processFigures: boolean }) {
    const registers = [this.registry];
    if (processFigures) collectDefaultMetrics({ register: this.registry, prefix: 'snowgear_' });
    this.requests = new Counter({
      name: 'snowgear_http_requests_total',
      help: 'Requests answered, by route pattern and status class',
      labelNames: ['method', 'route', 'status'],
      registers,
    });
    this.duration = new Histogram({
      name: 'snowgear_http_request_duration_seconds',
      help: 'Time to answer a request, by route pattern',
      labelNames: ['method', 'route'],
      // From a cached lookup to a slow search on a mountain network's timeout.
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    this.events = new Counter({
      name: 'snowgear_business_events_total',
      help: 'Bookings, payments, refunds and scans done through this process',
      labelNames: ['event'],
      registers,
    });
    this.orderSweeps = new Counter({
      name: 'snowgear_order_sweeps_total',
      help: 'Sweeps of unpaid orders and of payments and refunds waiting for a provider, finished',
      registers,
    });
    new Counter({
      name: 'snowgear_db_queries_total',
      help: 'Statements sent to the database',
      registers,
      collect() {
        this.reset();
        this.inc(database.stats.queries);
      },
    });
    const pool = database.pool;
    if (pool) {
      new Gauge({
        name: 'snowgear_db_pool_connections',
        help: 'PostgreSQL connections of the pool, by state',
        labelNames: ['state'],
        registers,
        collect() {
          const now = pool();
          this.set({ state: 'total' }, now.total);
          this.set({ state: 'idle' }, now.idle);
          this.set({ state: 'busy' }, now.total - now.idle);
        },
      });
      new Gauge({
        name: 'snowgear_db_pool_waiting_requests',
        help: 'Queries waiting for a free PostgreSQL connection',
        registers,
        collect() {
          this.set(pool().waiting);
        },
      });
    }
    new Gauge({
      name: 'snowgear_bookings_waiting_turn',
      help: 'Bookings waiting for another booking of the same gear to finish',
      registers,
      collect() {
        this.set(bookingsWaitingTheirTurn());
      },
    });
  }

  /** A queue's length, read when scraped, by state (running, waiting). */
  queue(name: string, help: string, read: () => { running: number; waiting: number }) {
    new Gauge({
      name,
      help,
      labelNames: ['state'],
      registers: [this.registry],
      collect() {
        const { running, waiting } = read();
        this.set({ state: 'running' }, running);
        this.set({ state: 'waiting' }, waiting);
      },
    });
  }

  /** One answered request; `route` is the route's pattern (never the raw path: ids are many). */
  observeRequest(method: string, route: string, statusCode: number, seconds: number) {
    this.requests.inc({ method, route, status: `${Math.floor(statusCode / 100)}xx` });
    this.duration.observe({ method, route }, seconds);
  }

  count(event: BusinessEvent) {
    this.events.inc({ event });
  }

  /** One sweep of orders, payments and refunds has finished (its work done, or failed). */
  orderSwept() {
    this.orderSweeps.inc();
  }
}
