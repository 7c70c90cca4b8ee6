import {
  AUTO_LOGIN_PROVIDERS,
  type GameCategory,
  type GameProviderCode,
} from '@mekong/contracts/wallet';

export type ProviderSeed = {
  code: GameProviderCode;
  name: string;
  category: GameCategory;
  /** Two brand colours for the generated logo and background. */
  colors: [string, string];
  hasApps: boolean;
};

/** The 16 providers of spec §1 (DESIGN D5). Links and art are operator data (D10); these are the starting values. */
export const PROVIDER_SEEDS: readonly ProviderSeed[] = [
  {
    code: 'JOKER',
    name: 'Joker Gaming',
    category: 'slot',
    colors: ['#7c3aed', '#f59e0b'],
    hasApps: true,
  },
  {
    code: 'SEXYGAME',
    name: 'AE Sexy',
    category: 'casino',
    colors: ['#be123c', '#f472b6'],
    hasApps: true,
  },
  {
    code: 'BETFLIX',
    name: 'Betflix',
    category: 'slot',
    colors: ['#b91c1c', '#111827'],
    hasApps: false,
  },
  {
    code: 'ASKMEBET',
    name: 'AskMeBet',
    category: 'casino',
    colors: ['#0f766e', '#fbbf24'],
    hasApps: false,
  },
  {
    code: 'UFABET',
    name: 'UFABET',
    category: 'sport',
    colors: ['#1d4ed8', '#facc15'],
    hasApps: true,
  },
  {
    code: 'SUPERSLOT',
    name: 'SuperSlot',
    category: 'slot',
    colors: ['#ea580c', '#fde047'],
    hasApps: true,
  },
  { code: 'PG', name: 'PG Soft', category: 'slot', colors: ['#0ea5e9', '#1e293b'], hasApps: true },
  {
    code: 'SLOTXO',
    name: 'SlotXO',
    category: 'slot',
    colors: ['#16a34a', '#a3e635'],
    hasApps: true,
  },
  { code: 'IMI', name: 'IMI', category: 'casino', colors: ['#4338ca', '#22d3ee'], hasApps: false },
  { code: 'USUN', name: 'USUN', category: 'sport', colors: ['#d97706', '#dc2626'], hasApps: false },
  {
    code: 'AREASLOT',
    name: 'AreaSlot',
    category: 'slot',
    colors: ['#9333ea', '#ec4899'],
    hasApps: false,
  },
  {
    code: 'CIRCUS',
    name: 'Circus',
    category: 'casino',
    colors: ['#e11d48', '#fbbf24'],
    hasApps: false,
  },
  {
    code: 'SLOTRACHA',
    name: 'SlotRacha',
    category: 'slot',
    colors: ['#a16207', '#fde68a'],
    hasApps: false,
  },
  {
    code: 'PGSLOT',
    name: 'PGSlot',
    category: 'slot',
    colors: ['#0369a1', '#38bdf8'],
    hasApps: false,
  },
  {
    code: 'JOKER2',
    name: 'Joker 2',
    category: 'slot',
    colors: ['#6d28d9', '#34d399'],
    hasApps: false,
  },
  {
    code: 'HUAYHD',
    name: 'HuayHD',
    category: 'lotto',
    colors: ['#15803d', '#fcd34d'],
    hasApps: false,
  },
];

const svgDataUrl = (svg: string) =>
  `data:image/svg+xml,${svg.replace(/[%#<>"]/g, (c) => encodeURIComponent(c))}`;

function monogram(name: string): string {
  const words = name
    .replace(/[^A-Za-z0-9 ]/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
  const text = words.length > 1 ? words.map((w) => w[0]).join('') : (words[0] ?? '?');
  return text.slice(0, 4).toUpperCase();
}

/** A small self-contained logo: rounded square, diagonal gradient, monogram (no outside host). */
export function providerLogo(seed: Pick<ProviderSeed, 'code' | 'name' | 'colors'>): string {
  const [a, b] = seed.colors;
  const text = monogram(seed.name);
  const size = text.length <= 2 ? 44 : text.length === 3 ? 34 : 26;
  return svgDataUrl(
    `<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 120 120'><defs><linearGradient id='g' x2='1' y2='1'><stop stop-color='${a}'/><stop offset='1' stop-color='${b}'/></linearGradient></defs><rect width='120' height='120' rx='26' fill='url(#g)'/><text x='60' y='60' dy='.35em' text-anchor='middle' font-family='system-ui,sans-serif' font-weight='800' font-size='${size}' fill='#fff'>${text}</text></svg>`,
  );
}

/** A card background: soft gradient with two translucent circles. */
export function providerBackground(seed: Pick<ProviderSeed, 'colors'>): string {
  const [a, b] = seed.colors;
  return svgDataUrl(
    `<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 320 180' preserveAspectRatio='xMidYMid slice'><defs><linearGradient id='g' x2='1' y2='1'><stop stop-color='${a}'/><stop offset='1' stop-color='${b}'/></linearGradient></defs><rect width='320' height='180' fill='url(#g)'/><circle cx='270' cy='30' r='90' fill='#fff' fill-opacity='.12'/><circle cx='40' cy='170' r='70' fill='#000' fill-opacity='.1'/></svg>`,
  );
}

/** Starting links: placeholders under example.com (reserved for documentation) until the operator sets the real ones. */
export function providerLinks(seed: Pick<ProviderSeed, 'code' | 'hasApps'>) {
  const base = `https://example.com/games/${seed.code.toLowerCase()}`;
  return {
    web: base,
    android: seed.hasApps ? `${base}/android` : null,
    ios: seed.hasApps ? `${base}/ios` : null,
  };
}

export function hasAutoLogin(code: string): boolean {
  return (AUTO_LOGIN_PROVIDERS as readonly string[]).includes(code);
}
