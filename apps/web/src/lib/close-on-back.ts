import { useEffect, useRef } from 'react';

/**
 * The phone's back gesture (and the browser's back button) closes the sheet or dialog on top
 * first, as people expect of an app; only a Back with nothing open leaves the page. What was
 * typed stays: the page under the sheet never changes.
 *
 * How: opening a sheet adds a history entry of its own (the same address, a depth mark in its
 * state); Back pops it and the sheet closes. A sheet closed any other way (its own button, a
 * tap outside, its work done) takes its entry back, so no dead entry is left for Back to spend.
 * These entries are the page's own: their popstate events are stopped before the router's
 * history hears them (the page's location did not change), so nothing re-renders and a page's
 * leave guard is not asked. Two things a page may do while a sheet is open are made good:
 * - it replaces its address (a filter chosen in a sheet, a dialog named in the query): the new
 *   address moves down to the page's own entry, so Back does not bring the old one back;
 * - it goes to another page (a link in a sheet): the sheet's entry stays behind it, and is
 *   stepped over when Back comes to it.
 */

/** The key of the depth mark in an entry's state: 1 for the first sheet on a page, 2 above it… */
const MARK = '__sheet';

interface Layer {
  close: () => void;
  /** Its entry's depth once pushed; 0 before (or while its entry is being put back). */
  depth: number;
  /** Closed, or popped by Back: its entry is no longer its own to take back. */
  done: boolean;
}

/** The open sheets, bottom first. */
const layers: Layer[] = [];
/** History steps waiting for a move of ours to land (moves are asynchronous). */
const queue: (() => void)[] = [];
let landing: { timer: ReturnType<typeof setTimeout> } | null = null;
/** The state of the entry shown, as last seen (to tell a pop within the page from another). */
let shown: unknown = null;
let enabled = false;

type MarkedState = Record<string, unknown> & { [MARK]?: number };

const depthOf = (state: unknown): number =>
  state && typeof state === 'object' && typeof (state as MarkedState)[MARK] === 'number'
    ? (state as MarkedState)[MARK]!
    : 0;

/** An entry's state without the mark: equal for a page's entry and its sheets' entries. */
function pageOf(state: unknown): string {
  if (!state || typeof state !== 'object') return JSON.stringify(state ?? null);
  const { [MARK]: _mark, ...page } = state as MarkedState;
  return JSON.stringify(page);
}

function run(step: () => void) {
  queue.push(step);
  drain();
}

function drain() {
  while (!landing && queue.length > 0) queue.shift()!();
}

/**
 * Moves `steps` entries back within the page, holding later steps until the move has landed.
 * Only ever down a page's own entries: where it lands, the router's location is the same.
 */
function goBack(steps: number) {
  // A move that never lands (no entry there) must not hold the queue for ever.
  landing = {
    timer: setTimeout(() => {
      landing = null;
      drain();
    }, 1_000),
  };
  window.history.go(-steps);
}

function push(layer: Layer) {
  // Done, or already put back by `replaceUnderSheets` before its own turn came.
  if (layer.done || layer.depth > 0) return;
  const state: unknown = window.history.state;
  const base = state && typeof state === 'object' ? (state as MarkedState) : {};
  layer.depth = depthOf(state) + 1;
  const next = { ...base, [MARK]: layer.depth };
  window.history.pushState(next, '');
  shown = next;
}

function handlePop(event: PopStateEvent) {
  const before = shown;
  shown = event.state;
  const ours = landing !== null;
  const samePage = ours || pageOf(before) === pageOf(event.state);
  // Within the page: the router's location is unchanged, so its history need not hear of it.
  if (samePage) event.stopImmediatePropagation();
  const depth = depthOf(event.state);
  // Back past a sheet closes it (the top one first); leaving the page closes them all.
  const popped = layers.filter((l) => l.depth > 0 && (!samePage || l.depth > depth)).reverse();
  for (const layer of popped) {
    layer.done = true;
    layers.splice(layers.indexOf(layer), 1);
    layer.close();
  }
  if (landing) {
    clearTimeout(landing.timer);
    landing = null;
  }
  // Back came to a sheet's entry whose sheet is gone (a link led away from it): step over it.
  // (Forward, which phones hardly offer, may show it: one more Back then.)
  const cameBack = !samePage || depth < depthOf(before);
  if (depth > 0 && cameBack && !layers.some((l) => l.depth === depth)) {
    goBack(1);
    return;
  }
  drain();
}

/**
 * The page replaced its address while a sheet's entry was on top: the new address goes down to
 * the page's own entry (the sheets' entries above it are put back for those still open).
 */
function replaceUnderSheets(depth: number) {
  const state: unknown = window.history.state;
  const url = window.location.href;
  for (const layer of layers) layer.depth = 0;
  run(() => goBack(depth));
  run(() => {
    window.history.replaceState(state, '', url);
    shown = state;
    for (const layer of layers) push(layer);
  });
}

/** The router's history, as far as this needs it: to hear of its navigations. */
interface RouterHistory {
  listen: (listener: (update: { action: string }) => void) => () => void;
}

let unlisten: () => void = () => undefined;

/**
 * Lets Back close sheets, from now on (main.tsx, once), and makes the router's history with
 * `createHistory`: the two listen to the same popstate events, and this one must hear them first
 * to keep a page's own pops from the router (browsers call a window's listeners in the order they
 * were added).
 */
export function enableCloseOnBack<H extends RouterHistory>(createHistory: () => H): H {
  if (enabled) disableCloseOnBack();
  enabled = true;
  window.addEventListener('popstate', handlePop);
  const history = createHistory();
  shown = window.history.state;
  unlisten = history.listen(({ action }) => {
    const before = depthOf(shown);
    shown = window.history.state;
    if (action === 'REPLACE' && before > 0) replaceUnderSheets(before);
  });
  return history;
}

/** Back leaves pages again, sheets or not (tests). */
export function disableCloseOnBack(): void {
  window.removeEventListener('popstate', handlePop);
  unlisten();
  enabled = false;
  layers.length = 0;
  queue.length = 0;
  if (landing) clearTimeout(landing.timer);
  landing = null;
}

/**
 * A sheet has opened: Back now calls `close`. Returns what to call when it closes by other
 * means (its entry is then taken back). Does nothing unless `enableCloseOnBack` ran.
 */
export function openBackLayer(close: () => void): () => void {
  if (!enabled) return () => undefined;
  const layer: Layer = { close, depth: 0, done: false };
  layers.push(layer);
  run(() => push(layer));
  return () => {
    if (layer.done) return;
    layer.done = true;
    layers.splice(layers.indexOf(layer), 1);
    run(() => {
      // Only its own entry, on top: a navigation may have put another page there meanwhile.
      if (layer.depth > 0 && depthOf(window.history.state) === layer.depth) goBack(1);
    });
  };
}

/** While `open`, Back calls `close` (the latest given) instead of leaving the page. */
export function useCloseOnBack(open: boolean, close: (() => void) | undefined): void {
  const latest = useRef(close);
  useEffect(() => {
    latest.current = close;
  });
  useEffect(() => {
    if (!open) return;
    return openBackLayer(() => latest.current?.());
  }, [open]);
}
