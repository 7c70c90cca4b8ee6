/** One simulated outside party, as listed on the sandbox's index page. */
export type SandboxPart = {
  title: string;
  description: string;
  links: { href: string; label: string }[];
  /** Extra HTML for the index page (already escaped), e.g. the latest SMS messages. */
  renderExtra?: () => string;
};
