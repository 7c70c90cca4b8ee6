import { MessagesSquare } from 'lucide-react';
import { Fragment, useEffect, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { formatDate, playerDayKey } from '@/lib/format';
import { ChatBubble } from '@/features/chat/components/chat-bubble';
import { useChat } from '@/features/chat/hooks/chat-context';
import { lastReadByAgent } from '@/features/chat/hooks/chat-messages';

/** Closer to the top than this (px) loads the older page; closer to the bottom keeps following new messages. */
const EDGE_PX = 48;

/** The messages, oldest at the top: older pages on scrolling up (or the button), new ones followed at the bottom. */
export function ChatConversation() {
  const { t } = useTranslation();
  const chat = useChat();
  const { items, isAgentTyping, agentReadAt, hasLoaded } = chat.state;
  const scroller = useRef<HTMLDivElement>(null);
  const isNearBottom = useRef(true);
  const olderAnchor = useRef<{ height: number; top: number } | null>(null);
  const lastClientId = useRef<string | null>(null);

  const loadOlder = () => {
    const element = scroller.current;
    if (!element || chat.isLoadingOlder || !chat.hasOlder) return;
    olderAnchor.current = { height: element.scrollHeight, top: element.scrollTop };
    void chat.loadOlder();
  };

  const lastTop = useRef(0);
  const onScroll = () => {
    const element = scroller.current;
    if (!element) return;
    // Only the reader scrolling up leaves the bottom: content growing under a scroll (a picture loading) does not.
    if (element.scrollHeight - element.scrollTop - element.clientHeight < EDGE_PX) isNearBottom.current = true;
    else if (element.scrollTop < lastTop.current) isNearBottom.current = false;
    lastTop.current = element.scrollTop;
    if (element.scrollTop < EDGE_PX) loadOlder();
  };

  const last = items.at(-1);
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const anchor = olderAnchor.current;
    if (anchor && !chat.isLoadingOlder) {
      // Older messages went in above: the ones being read stay where they were.
      element.scrollTop = element.scrollHeight - anchor.height + anchor.top;
      olderAnchor.current = null;
    }
    const isNewLast = last !== undefined && last.clientId !== lastClientId.current;
    lastClientId.current = last?.clientId ?? null;
    if ((isNewLast && (isNearBottom.current || last.sender === 'customer')) || (isAgentTyping && isNearBottom.current)) {
      element.scrollTop = element.scrollHeight;
      isNearBottom.current = true;
    }
  }, [items, last, isAgentTyping, chat.isLoadingOlder]);

  // Pictures load after their message is placed and make the list taller, an alert or the keyboard makes the view
  // shorter: a reader at the bottom stays there.
  const list = useRef<HTMLOListElement>(null);
  const hasItems = items.length > 0;
  useEffect(() => {
    const element = scroller.current;
    if (!element || !list.current || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (isNearBottom.current) element.scrollTop = element.scrollHeight;
    });
    observer.observe(list.current);
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasItems]);

  const readClientId = lastReadByAgent(items, agentReadAt);

  return (
    <div className="chat-conversation" ref={scroller} onScroll={onScroll} data-testid="chat-conversation">
      {chat.hasOlder && (
        <div className="chat-older">
          <Button variant="ghost" isBusy={chat.isLoadingOlder} onClick={loadOlder} data-testid="chat-load-older">
            {t('chat.loadOlder')}
          </Button>
        </div>
      )}
      {items.length === 0 ? (
        <div className="chat-empty" data-testid="chat-empty">
          {!hasLoaded && chat.isEnabled && chat.hasIdentity ? (
            <span className="spinner" aria-label={t('app.loading')} />
          ) : (
            <>
              <span className="chat-empty__icon" aria-hidden>
                <MessagesSquare size={30} />
              </span>
              <p className="chat-empty__title">{t('chat.emptyTitle')}</p>
              <p className="chat-empty__text">{t('chat.emptyText')}</p>
            </>
          )}
        </div>
      ) : (
        <ol ref={list} className="chat-list" aria-label={t('chat.title')} aria-live="polite">
          {items.map((item, index) => {
            const day = playerDayKey(item.createdAt);
            const isNewDay = index === 0 || playerDayKey(items[index - 1]!.createdAt) !== day;
            return (
              <Fragment key={item.clientId}>
                {isNewDay && (
                  <li className="chat-day" aria-hidden>
                    <span>{formatDate(item.createdAt)}</span>
                  </li>
                )}
                <ChatBubble
                  item={item}
                  isLast={index === items.length - 1}
                  isRead={item.clientId === readClientId}
                  onChoice={chat.sendChoice}
                  onResend={chat.resend}
                  onRemove={chat.remove}
                />
              </Fragment>
            );
          })}
        </ol>
      )}
      {isAgentTyping && (
        <div className="chat-typing" data-testid="chat-typing">
          <span className="chat-typing__dots" aria-hidden>
            <i />
            <i />
            <i />
          </span>
          {t('chat.agentTyping')}
        </div>
      )}
    </div>
  );
}
