import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { brandQuery } from '@/lib/lookup-queries';

function isColor(value: string): boolean {
  return typeof CSS !== 'undefined' && typeof CSS.supports === 'function' ? CSS.supports('color', value) : /^#[0-9a-f]{3,8}$/i.test(value);
}

/** Brand name and colours are operator settings (docs/design.md#operator-settings): applied as CSS variables. */
export function useBrandTheme(): void {
  const { data: brand } = useQuery(brandQuery);
  useEffect(() => {
    if (!brand) return;
    const root = document.documentElement.style;
    if (isColor(brand.primaryColor)) root.setProperty('--brand', brand.primaryColor);
    if (isColor(brand.accentColor)) root.setProperty('--accent', brand.accentColor);
    if (brand.name) document.title = brand.name;
    const themeColor = document.querySelector('meta[name="theme-color"]');
    if (themeColor && isColor(brand.primaryColor)) themeColor.setAttribute('content', brand.primaryColor);
  }, [brand]);
}
