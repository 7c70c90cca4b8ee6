import { useState, type CSSProperties } from 'react';
import '@/features/wallet/components/games.css';

/** A stable hue per provider, so the fallback badges tell games apart. */
function hueOf(code: string): number {
  let hash = 0;
  for (const char of code) hash = (hash * 31 + char.charCodeAt(0)) % 360;
  return hash;
}

/** The provider's logo, or its initials on a coloured badge when the image is missing or broken. */
export function GameLogo({ code, name, src, size = 40 }: { code: string; name: string; src: string | null | undefined; size?: number }) {
  const [isBroken, setBroken] = useState(false);
  const style = { width: size, height: size };
  if (src && !isBroken) {
    return <img className="game-logo" src={src} alt="" style={style} loading="lazy" decoding="async" onError={() => setBroken(true)} />;
  }
  const initials = name.replace(/[^A-Za-z0-9]/g, '').slice(0, 2).toUpperCase() || code.slice(0, 2);
  return (
    <span className="game-logo game-logo--fallback" style={{ ...style, '--logo-hue': hueOf(code) } as CSSProperties} aria-hidden>
      {initials}
    </span>
  );
}
