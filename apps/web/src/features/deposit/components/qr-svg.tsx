import { useEffect, useState } from 'react';

/**
 * The QR arrives as SVG markup from the server; it still goes through DOMPurify's SVG profile (no scripts,
 * no event handlers, no foreign objects) before it touches the page. DOMPurify loads on first use.
 */
export function QrSvg({ markup, label }: { markup: string; label: string }) {
  const [clean, setClean] = useState<{ source: string; svg: string } | null>(null);

  useEffect(() => {
    let isCurrent = true;
    void import('dompurify').then(({ default: DOMPurify }) => {
      if (isCurrent) setClean({ source: markup, svg: DOMPurify.sanitize(markup, { USE_PROFILES: { svg: true, svgFilters: true } }) });
    });
    return () => {
      isCurrent = false;
    };
  }, [markup]);

  const isReady = clean !== null && clean.source === markup;
  return (
    <div
      className="qr-box__svg"
      role="img"
      aria-label={label}
      aria-busy={isReady ? undefined : true}
      data-testid="deposit-qr"
      {...(isReady ? { dangerouslySetInnerHTML: { __html: clean.svg } } : {})}
    />
  );
}
