import type { SandboxPart } from '../lib/parts.ts';
import { escapeHtml } from '../lib/html.ts';
import type { GamesStore } from './games.store.ts';
import { GAME_PROVIDERS } from './providers.ts';

export function gamesPart(store: GamesStore): SandboxPart {
  return {
    title: 'Game providers (16, transfer mode)',
    description:
      'Member accounts with real balances, deposits and withdrawals by the caller’s reference (exactly once), a status ' +
      'check per reference, password reset and launch links. Simulated play moves balances; faults can be switched on.',
    links: [
      { href: '/sandbox/games', label: 'Providers, account counts and faults (JSON)' },
      { href: '/sandbox/games/accounts', label: 'All game accounts (JSON)' },
      { href: '/sandbox/games/autoplay', label: 'Background play state' },
    ],
    renderExtra() {
      const rows = GAME_PROVIDERS.map(
        (p) =>
          `<tr><td>${escapeHtml(p.code)}</td><td>${escapeHtml(p.name)}</td><td>${p.hasLaunch ? 'yes' : 'no'}</td>` +
          `<td>${store.listAccounts(p.code).length}</td></tr>`,
      ).join('');
      return `<table><tr><th>code</th><th>name</th><th>launch link</th><th>accounts</th></tr>${rows}</table>`;
    },
  };
}
