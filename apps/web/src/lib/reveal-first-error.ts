/** What marks a problem on a form: antd's field message, our own field errors, an alert. */
const PROBLEMS = '.adm-form-item-feedback-error, .field-error, [role="alert"]:not(:empty)';
/** The messages show within a few paints of the failed save; after that there is nothing to show. */
const FRAMES_TO_WAIT = 30;

/**
 * Brings the first problem of a form into view and puts the cursor in its field, so a Save that
 * found a mistake never looks dead on a form longer than the screen. Waits for the paint that
 * shows the messages.
 */
export function revealFirstError(root: HTMLElement | null, framesLeft = FRAMES_TO_WAIT): void {
  requestAnimationFrame(() => {
    const problem = root?.querySelector<HTMLElement>(PROBLEMS);
    if (!problem) {
      if (root && framesLeft > 0) revealFirstError(root, framesLeft - 1);
      return;
    }
    problem.scrollIntoView?.({ behavior: 'smooth', block: 'center' });
    const field =
      problem.closest<HTMLElement>('.adm-form-item, .adm-list-item, .address-field') ?? problem;
    const input = field.querySelector<HTMLElement>('input, textarea, button, [tabindex="0"]');
    if (input) {
      input.focus({ preventScroll: true });
      return;
    }
    // A field of chips: the field itself takes the focus, so a screen reader reads its message.
    field.tabIndex = -1;
    field.focus({ preventScroll: true });
  });
}
