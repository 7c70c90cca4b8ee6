import { escapeHtml, htmlTable } from '../lib/html.ts';
import { definePart } from '../lib/parts.ts';
import type { GamesStore } from './games.store.ts';
import { GAME_PROVIDERS } from './providers.ts';

export function gamesPart(store: GamesStore) {
  return definePart('games', () =>
    htmlTable(
      ['code', 'name', 'category', 'launch link', 'accounts', 'bet records'],
      GAME_PROVIDERS.map((p) => [
        escapeHtml(p.code),
        escapeHtml(p.name),
        escapeHtml(p.category),
        p.hasLaunch ? 'yes' : 'no',
        String(store.listAccounts(p.code).length),
        String(store.bets.list(p.code).length),
      ]),
    ),
  );
}
