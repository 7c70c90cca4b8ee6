import { describe, expect, it } from 'vitest';
import { withBrand } from '@/plugins/brand-html.ts';

const PAGE =
  '<html><head><meta name="theme-color" content="#1f2a6b" /><title>Mekong Wallet</title><style>:root{--brand:#1f2a6b}</style></head>' +
  '<body><a><span class="brand-logo brand-logo--md"><span class="brand-logo__mark" aria-hidden="true">M</span><span class="brand-logo__name">Mekong Wallet</span></span></a></body></html>';

describe('withBrand', () => {
  it('writes the colours after the page styles, the title, the theme colour and the monogram', () => {
    const page = withBrand(PAGE, {
      name: 'Lucky <Bar>',
      logoUrl: null,
      primaryColor: '#0E7C66',
      accentColor: '#F5B700',
    });
    expect(page).toContain('<title>Lucky &lt;Bar&gt;</title>');
    expect(page).toContain('<meta name="theme-color" content="#0E7C66"');
    expect(page).toContain(
      '<span class="brand-logo__mark" aria-hidden="true">L</span><span class="brand-logo__name">Lucky &lt;Bar&gt;</span>',
    );
    expect(page.indexOf(':root:root{--brand:#0E7C66;--accent:#F5B700}')).toBeGreaterThan(
      page.indexOf(':root{--brand:#1f2a6b}'),
    );
    expect(page.indexOf(':root:root')).toBeLessThan(page.indexOf('</head>'));
  });

  it('shows the logo image when there is one, its address escaped', () => {
    const page = withBrand(PAGE, {
      name: 'A"B',
      logoUrl: 'https://cdn.example/l.png?a=1&b="x"',
      primaryColor: '#123',
      accentColor: '#456',
    });
    expect(page).toContain(
      '<img class="brand-logo__image" src="https://cdn.example/l.png?a=1&amp;b=&quot;x&quot;" alt="A&quot;B">',
    );
    expect(page).not.toContain('brand-logo__mark');
  });

  it('writes no colour that is not hexadecimal: a setting cannot reach into the page styles', () => {
    const page = withBrand(PAGE, {
      name: 'X',
      logoUrl: null,
      primaryColor: 'red}</style><script>alert(1)</script>',
      accentColor: 'rgb(1 2 3)',
    });
    expect(page).not.toContain(':root:root');
    expect(page).not.toContain('<script>');
    expect(page).toContain('<meta name="theme-color" content="#1f2a6b"');
  });

  it("writes a name with replacement patterns ($`, $&, $', $$) as it is, escaped, into every place", () => {
    const name = "A$`B$&C$'D$$E'F";
    for (const logoUrl of [null, 'https://cdn.example/$`/$&.png']) {
      const page = withBrand(PAGE, { name, logoUrl, primaryColor: '#123', accentColor: '#456' });
      expect(page).toContain('<title>A$`B$&amp;C$&#39;D$$E&#39;F</title>');
      // Nothing of the page before or after the title is copied in: the page has one <html> and one </html>.
      expect(page.split('<html>')).toHaveLength(2);
      expect(page.split('</html>')).toHaveLength(2);
      expect(page.split('<title>')).toHaveLength(2);
      if (logoUrl)
        expect(page).toContain(
          'src="https://cdn.example/$`/$&amp;.png" alt="A$`B$&amp;C$&#39;D$$E&#39;F"',
        );
      else
        expect(page).toContain('<span class="brand-logo__name">A$`B$&amp;C$&#39;D$$E&#39;F</span>');
    }
  });
});
