import { CHAT_ALERT_MS } from '@mekong/contracts/chat';
import { useCallback, useEffect, useRef, useState } from 'react';

/** The chat's own alerts (docs/spec.md §8): one line over the conversation, gone after 4 s. */
export function useChatAlert() {
  const [alert, setAlert] = useState<{ text: string; key: number } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const showAlert = useCallback((text: string) => {
    clearTimeout(timer.current);
    setAlert({ text, key: Date.now() });
    timer.current = setTimeout(() => setAlert(null), CHAT_ALERT_MS);
  }, []);

  useEffect(() => () => clearTimeout(timer.current), []);
  return { alert, showAlert };
}
