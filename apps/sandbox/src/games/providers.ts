/** The 16 providers of docs/spec.md §1. `hasLaunch`: the provider gives an auto-login (launch) link. */
export const GAME_PROVIDERS = [
  { code: 'JOKER', name: 'Joker Gaming', hasLaunch: false },
  { code: 'SEXYGAME', name: 'AE Sexy', hasLaunch: false },
  { code: 'BETFLIX', name: 'Betflix', hasLaunch: true },
  { code: 'ASKMEBET', name: 'AskMeBet', hasLaunch: true },
  { code: 'UFABET', name: 'UFABET', hasLaunch: false },
  { code: 'SUPERSLOT', name: 'SuperSlot', hasLaunch: false },
  { code: 'PG', name: 'PG Soft', hasLaunch: true },
  { code: 'SLOTXO', name: 'SlotXO', hasLaunch: false },
  { code: 'IMI', name: 'IMI', hasLaunch: true },
  { code: 'USUN', name: 'USUN', hasLaunch: true },
  { code: 'AREASLOT', name: 'AreaSlot', hasLaunch: true },
  { code: 'CIRCUS', name: 'Circus', hasLaunch: true },
  { code: 'SLOTRACHA', name: 'SlotRacha', hasLaunch: true },
  { code: 'PGSLOT', name: 'PGSlot', hasLaunch: true },
  { code: 'JOKER2', name: 'Joker 2', hasLaunch: true },
  { code: 'HUAYHD', name: 'HuayHD', hasLaunch: true },
] as const;

export type GameProviderCode = (typeof GAME_PROVIDERS)[number]['code'];

export function findProvider(code: string) {
  return GAME_PROVIDERS.find((p) => p.code === code.toUpperCase());
}
