import { useEffect, useState } from 'react';
import '@/components/safe-html.css';

/**
 * Operator-written HTML (conditions, agreements), sanitized with DOMPurify before it reaches the page.
 * DOMPurify loads on first use so it stays out of the start-up bundle.
 */
export function SafeHtml({ html, className }: { html: string; className?: string }) {
  const [clean, setClean] = useState<{ source: string; html: string } | null>(null);

  useEffect(() => {
    let isCurrent = true;
    void import('dompurify').then(({ default: DOMPurify }) => {
      if (isCurrent) setClean({ source: html, html: DOMPurify.sanitize(html, { USE_PROFILES: { html: true } }) });
    });
    return () => {
      isCurrent = false;
    };
  }, [html]);

  if (!clean || clean.source !== html) return <div className={className ?? 'rich-text'} aria-busy="true" />;
  return <div className={className ?? 'rich-text'} dangerouslySetInnerHTML={{ __html: clean.html }} />;
}
