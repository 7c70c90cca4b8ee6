/**
 * The customer's read mark, sent at most once a second (docs/spec.md §9 read-mark debounce): the first request
 * starts the wait, requests during it join that one send.
 */
export function createReadMarker(send: () => void, delayMs: number) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    request(): void {
      if (timer !== undefined) return;
      timer = setTimeout(() => {
        timer = undefined;
        send();
      }, delayMs);
    },
    cancel(): void {
      clearTimeout(timer);
      timer = undefined;
    },
  };
}
