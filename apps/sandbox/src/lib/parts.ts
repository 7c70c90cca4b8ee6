import texts from './parts.json' with { type: 'json' };

/** One simulated outside party, as listed on the sandbox's index page. */
export type SandboxPart = {
  title: string;
  description: string;
  links: { href: string; label: string }[];
  /** Extra HTML for the index page (already escaped), e.g. the latest SMS messages. */
  renderExtra?: () => string;
};

/** A party's index-page entry: its texts and links (parts.json) and what it adds to the page. */
export function definePart(name: keyof typeof texts, renderExtra?: () => string): SandboxPart {
  return { ...texts[name], renderExtra };
}
