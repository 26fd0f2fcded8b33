/**
 * The mouse-to-touch shim of spec §1: on a device without touch (a desktop browser at the
 * counter), a held mouse button also produces touch events so touch-only gestures (swipe,
 * pull to refresh) work with a mouse.
 */
type TouchWindow = Window & { Touch?: typeof Touch; TouchEvent?: typeof TouchEvent };

export function installTouchEmulator(win: TouchWindow = window): boolean {
  const hasTouch = 'ontouchstart' in win || win.navigator.maxTouchPoints > 0;
  const TouchCtor = win.Touch;
  const TouchEventCtor = win.TouchEvent;
  if (hasTouch || typeof TouchCtor !== 'function' || typeof TouchEventCtor !== 'function') {
    return false;
  }
  let target: EventTarget | null = null;

  const dispatch = (type: 'touchstart' | 'touchmove' | 'touchend', event: MouseEvent) => {
    if (!target) return;
    const touch = new TouchCtor({
      identifier: 1,
      target,
      clientX: event.clientX,
      clientY: event.clientY,
      pageX: event.pageX,
      pageY: event.pageY,
      screenX: event.screenX,
      screenY: event.screenY,
    });
    const touches = type === 'touchend' ? [] : [touch];
    target.dispatchEvent(
      new TouchEventCtor(type, {
        bubbles: true,
        cancelable: true,
        touches,
        targetTouches: touches,
        changedTouches: [touch],
      }),
    );
  };

  win.document.addEventListener(
    'mousedown',
    (e) => {
      if (e.button !== 0) return;
      target = e.target;
      dispatch('touchstart', e);
    },
    true,
  );
  win.document.addEventListener('mousemove', (e) => dispatch('touchmove', e), true);
  win.document.addEventListener(
    'mouseup',
    (e) => {
      dispatch('touchend', e);
      target = null;
    },
    true,
  );
  return true;
}
