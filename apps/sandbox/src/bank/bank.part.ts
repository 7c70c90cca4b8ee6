import { definePart } from '../lib/parts.ts';

export function bankPart() {
  return definePart(
    'bank',
    () => `<h3>Credit a member (sandbox only)</h3>
<p class="muted">Sends a transfer from the member’s registered bank account; the server credits it from the bank feed.</p>
<form method="post" action="/sandbox/bank/credit-member">
<label>Bank code <input name="bankCode" value="SCB" size="6" required></label>
<label>Account no. <input name="accountNo" inputmode="numeric" size="14" required></label>
<label>Amount <input name="amount" inputmode="decimal" value="500" size="8" required></label>
<button type="submit">Send</button>
</form>`,
  );
}
