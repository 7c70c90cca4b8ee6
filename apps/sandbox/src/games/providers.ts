/**
 * The 16 providers of docs/spec.md §1. `category`: the kind of game it runs, written on its bet records (the server's
 * catalogue has the same). `hasLaunch`: the provider gives an auto-login (launch) link.
 */
export const GAME_PROVIDERS = [
  { code: 'JOKER', category: 'slot', name: 'Joker Gaming', hasLaunch: false },
  { code: 'SEXYGAME', category: 'casino', name: 'AE Sexy', hasLaunch: false },
  { code: 'BETFLIX', category: 'slot', name: 'Betflix', hasLaunch: true },
  { code: 'ASKMEBET', category: 'casino', name: 'AskMeBet', hasLaunch: true },
  { code: 'UFABET', category: 'sport', name: 'UFABET', hasLaunch: false },
  { code: 'SUPERSLOT', category: 'slot', name: 'SuperSlot', hasLaunch: false },
  { code: 'PG', category: 'slot', name: 'PG Soft', hasLaunch: true },
  { code: 'SLOTXO', category: 'slot', name: 'SlotXO', hasLaunch: false },
  { code: 'IMI', category: 'casino', name: 'IMI', hasLaunch: true },
  { code: 'USUN', category: 'sport', name: 'USUN', hasLaunch: true },
  { code: 'AREASLOT', category: 'slot', name: 'AreaSlot', hasLaunch: true },
  { code: 'CIRCUS', category: 'casino', name: 'Circus', hasLaunch: true },
  { code: 'SLOTRACHA', category: 'slot', name: 'SlotRacha', hasLaunch: true },
  { code: 'PGSLOT', category: 'slot', name: 'PGSlot', hasLaunch: true },
  { code: 'JOKER2', category: 'slot', name: 'Joker 2', hasLaunch: true },
  { code: 'HUAYHD', category: 'lotto', name: 'HuayHD', hasLaunch: true },
] as const;

export type GameProviderCode = (typeof GAME_PROVIDERS)[number]['code'];

export function findProvider(code: string) {
  return GAME_PROVIDERS.find((p) => p.code === code.toUpperCase());
}
