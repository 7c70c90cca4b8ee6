import type { SandboxPart } from '../lib/parts.ts';

export function bankPart(): SandboxPart {
  return {
    title: 'Bank',
    description:
      'Payouts to members’ accounts by the caller’s reference (exactly once, status by reference, switchable failures) ' +
      'and a feed of incoming transfers. Sandbox-only: credit a member by sending money from their registered account.',
    links: [
      { href: '/sandbox/bank/payouts', label: 'Payouts made (JSON, newest first)' },
      { href: '/sandbox/bank/incoming', label: 'Incoming transfers (JSON, newest first)' },
      { href: '/sandbox/bank/faults', label: 'Fault switches' },
    ],
    renderExtra() {
      return `<h3>Credit a member (sandbox only)</h3>
<p class="muted">Sends a transfer from the member’s registered bank account; the server credits it from the bank feed.</p>
<form method="post" action="/sandbox/bank/credit-member">
<label>Bank code <input name="bankCode" value="SCB" size="6" required></label>
<label>Account no. <input name="accountNo" inputmode="numeric" size="14" required></label>
<label>Amount <input name="amount" inputmode="decimal" value="500" size="8" required></label>
<button type="submit">Send</button>
</form>`;
    },
  };
}
