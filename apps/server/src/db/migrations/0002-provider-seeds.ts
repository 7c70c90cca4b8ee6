/**
 * The 16 providers of docs/spec.md §1 as migration 0002 first stored them, frozen here: a migration never imports live code,
 * so a later change of the catalogue is a new migration. Links and art are operator data from then on.
 */

type Seed = {
  code: string;
  name: string;
  category: 'slot' | 'sport' | 'casino' | 'lotto';
  /** Two brand colours for the generated logo and background. */
  colors: [string, string];
  hasApps: boolean;
  hasAutoLogin: boolean;
};

// code, name, category, colours, has apps, has a launch link
const SEEDS: [string, string, Seed['category'], string, string, boolean, boolean][] = [
  ['JOKER', 'Joker Gaming', 'slot', '#7c3aed', '#f59e0b', true, false],
  ['SEXYGAME', 'AE Sexy', 'casino', '#be123c', '#f472b6', true, false],
  ['BETFLIX', 'Betflix', 'slot', '#b91c1c', '#111827', false, true],
  ['ASKMEBET', 'AskMeBet', 'casino', '#0f766e', '#fbbf24', false, true],
  ['UFABET', 'UFABET', 'sport', '#1d4ed8', '#facc15', true, false],
  ['SUPERSLOT', 'SuperSlot', 'slot', '#ea580c', '#fde047', true, false],
  ['PG', 'PG Soft', 'slot', '#0ea5e9', '#1e293b', true, true],
  ['SLOTXO', 'SlotXO', 'slot', '#16a34a', '#a3e635', true, false],
  ['IMI', 'IMI', 'casino', '#4338ca', '#22d3ee', false, true],
  ['USUN', 'USUN', 'sport', '#d97706', '#dc2626', false, true],
  ['AREASLOT', 'AreaSlot', 'slot', '#9333ea', '#ec4899', false, true],
  ['CIRCUS', 'Circus', 'casino', '#e11d48', '#fbbf24', false, true],
  ['SLOTRACHA', 'SlotRacha', 'slot', '#a16207', '#fde68a', false, true],
  ['PGSLOT', 'PGSlot', 'slot', '#0369a1', '#38bdf8', false, true],
  ['JOKER2', 'Joker 2', 'slot', '#6d28d9', '#34d399', false, true],
  ['HUAYHD', 'HuayHD', 'lotto', '#15803d', '#fcd34d', false, true],
];

export const PROVIDER_SEEDS: readonly Seed[] = SEEDS.map(
  ([code, name, category, a, b, hasApps, hasAutoLogin]) => ({
    code,
    name,
    category,
    colors: [a, b],
    hasApps,
    hasAutoLogin,
  }),
);

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
export function providerLogo(seed: Pick<Seed, 'name' | 'colors'>): string {
  const [a, b] = seed.colors;
  const text = monogram(seed.name);
  const size = text.length <= 2 ? 44 : text.length === 3 ? 34 : 26;
  return svgDataUrl(
    `<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 120 120'><defs><linearGradient id='g' x2='1' y2='1'><stop stop-color='${a}'/><stop offset='1' stop-color='${b}'/></linearGradient></defs><rect width='120' height='120' rx='26' fill='url(#g)'/><text x='60' y='60' dy='.35em' text-anchor='middle' font-family='system-ui,sans-serif' font-weight='800' font-size='${size}' fill='#fff'>${text}</text></svg>`,
  );
}

/** A card background: soft gradient with two translucent circles. */
export function providerBackground(seed: Pick<Seed, 'colors'>): string {
  const [a, b] = seed.colors;
  return svgDataUrl(
    `<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 320 180' preserveAspectRatio='xMidYMid slice'><defs><linearGradient id='g' x2='1' y2='1'><stop stop-color='${a}'/><stop offset='1' stop-color='${b}'/></linearGradient></defs><rect width='320' height='180' fill='url(#g)'/><circle cx='270' cy='30' r='90' fill='#fff' fill-opacity='.12'/><circle cx='40' cy='170' r='70' fill='#000' fill-opacity='.1'/></svg>`,
  );
}

/** Starting links: placeholders under example.com (reserved for documentation) until the operator sets the real ones. */
export function providerLinks(seed: Pick<Seed, 'code' | 'hasApps'>) {
  const base = `https://example.com/games/${seed.code.toLowerCase()}`;
  return {
    web: base,
    android: seed.hasApps ? `${base}/android` : null,
    ios: seed.hasApps ? `${base}/ios` : null,
  };
}
