/**
 * What a member typed into a prerendered page before the app took it over (docs/decisions/0017-first-load.md): the
 * prerendered form is live HTML, so on a slow phone a member may start typing the phone number before the scripts
 * have run. The app's first render replaces that HTML; these carry the typed values and the focus across.
 */
export type TypedValues = { values: Map<string, string>; focused: string | null };

type Typeable = HTMLInputElement | HTMLTextAreaElement;

function typeables(root: HTMLElement): Typeable[] {
  return [...root.querySelectorAll<Typeable>('input[name], textarea[name]')].filter(
    (field) => !['checkbox', 'radio', 'file', 'hidden', 'submit', 'button'].includes(field.type),
  );
}

/**
 * Starts watching a prerendered page's fields; the returned function reads what the member typed and where the focus
 * was. It keeps the prerendered fields themselves, so it reads them right even after the app's first commit has taken
 * them out of the page: the app renders in a transition, and the member may go on typing until that commit.
 */
export function watchTypedValues(root: HTMLElement): () => TypedValues {
  const fields = typeables(root);
  const active = document.activeElement;
  let focused =
    active instanceof HTMLElement && root.contains(active) ? active.getAttribute('name') : null;
  const onFocusIn = (event: FocusEvent) => {
    focused = event.target instanceof Element ? event.target.getAttribute('name') : null;
  };
  const onFocusOut = (event: FocusEvent) => {
    const { target } = event;
    // Focus left the page's fields, unless it went to another one or the app's commit took the field away (the
    // browser then blurs it too): decided once the commit, if it is one, has run.
    queueMicrotask(() => {
      if (target instanceof Node && target.isConnected && !root.contains(document.activeElement))
        focused = null;
    });
  };
  root.addEventListener('focusin', onFocusIn);
  root.addEventListener('focusout', onFocusOut);
  return () => {
    root.removeEventListener('focusin', onFocusIn);
    root.removeEventListener('focusout', onFocusOut);
    const values = new Map<string, string>();
    for (const field of fields) if (field.value !== '') values.set(field.name, field.value);
    return { values, focused };
  };
}

/**
 * Puts the typed values into the app's fields of the same name that are still empty. The value is set through the
 * element's own setter and announced with an input event, so React's onChange (and the form library) see it as typed.
 */
export function restoreTypedValues(root: HTMLElement, typed: TypedValues): void {
  for (const field of typeables(root)) {
    const value = typed.values.get(field.name);
    if (value === undefined || field.value !== '') continue;
    const prototype =
      field instanceof HTMLTextAreaElement
        ? HTMLTextAreaElement.prototype
        : HTMLInputElement.prototype;
    Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
  if (typed.focused) {
    const field = root.querySelector<HTMLElement>(`[name="${CSS.escape(typed.focused)}"]`);
    field?.focus();
  }
}

/**
 * Sends, through the app, a form the member sent before the app had taken the page over: public/start-after-paint.js
 * held it and noted which form it was. Called once the typed values are back in the app's fields.
 */
export function replayPendingSubmit(root: HTMLElement): void {
  const index = Number(root.dataset.pendingSubmit ?? -1);
  delete root.dataset.pendingSubmit;
  if (index < 0) return;
  root.querySelectorAll('form')[index]?.requestSubmit();
}
