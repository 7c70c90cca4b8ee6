import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSlipLinks } from '@/modules/slip/slip-links.ts';
import { createMoneyInTestApp, type MoneyInTestApp } from './support/money-in.ts';
import { bankSlip, slipList, slipMember, uploadSlip } from './support/slips.ts';

let t: MoneyInTestApp;
beforeAll(async () => {
  t = await createMoneyInTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** A browser tab opening the link: no marker header, no session. */
const open = (url: string) => t.app.inject({ method: 'GET', url });

async function memberWithSlip() {
  const m = await slipMember(t);
  const { png, transRef } = await bankSlip(t, m.account, 25_00);
  const slip = await uploadSlip(t, m.token, png);
  expect(slip.link).not.toBeNull();
  const link = new URL(slip.link!, 'http://wallet.test');
  return { ...m, png, transRef, link, token: m.token, imageToken: link.pathname.split('/').pop()! };
}

describe('slip image links are signed and expire (A10)', () => {
  it('a signed link opens the image; without a valid signature it answers a code', async () => {
    const m = await memberWithSlip();
    const good = await open(`${m.link.pathname}${m.link.search}`);
    expect(good.statusCode).toBe(200);
    expect(good.rawPayload.equals(m.png)).toBe(true);

    const unsigned = await open(m.link.pathname);
    expect(unsigned.statusCode).toBe(404);
    expect(unsigned.json()).toEqual({ message: 'NOT_FOUND' });
    const forged = new URL(m.link);
    forged.searchParams.set('sig', 'A'.repeat(43));
    expect((await open(`${forged.pathname}${forged.search}`)).json()).toEqual({
      message: 'NOT_FOUND',
    });
    // A later expiry under the old signature does not hold.
    const stretched = new URL(m.link);
    stretched.searchParams.set(
      'expires',
      String(Number(m.link.searchParams.get('expires')) + 86_400),
    );
    expect((await open(`${stretched.pathname}${stretched.search}`)).json()).toEqual({
      message: 'NOT_FOUND',
    });
  });

  it("a link for another member's slip answers a code, even when correctly signed", async () => {
    const a = await memberWithSlip();
    const b = await memberWithSlip();
    // B's signed query on A's image.
    const swapped = await open(`${a.link.pathname}${b.link.search}`);
    expect(swapped.json()).toEqual({ message: 'NOT_FOUND' });
    // A link signed with the server's secret, naming B, for A's image.
    const signedForB = createSlipLinks(t.config.SLIP_LINK_SECRET).linkOf(
      a.imageToken,
      b.memberId,
      t.clock.now(),
    );
    const foreign = await open(signedForB);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: 'NOT_FOUND' });
  });

  it('a link past its expiry answers SLIP_LINK_EXPIRED; the slip list hands out a fresh one', async () => {
    const m = await memberWithSlip();
    t.clock.advance(61 * 60_000);
    try {
      const old = await open(`${m.link.pathname}${m.link.search}`);
      expect(old.statusCode).toBe(410);
      expect(old.json()).toEqual({ message: 'SLIP_LINK_EXPIRED' });
      const [fresh] = (await slipList(t, m.token)).slips;
      expect((await open(fresh!.link!)).statusCode).toBe(200);
      const byReference = await t.api('GET', `/api/statement/slip/reference/${m.transRef}`, {
        token: m.token,
      });
      expect((await open((byReference.json() as { url: string }).url)).statusCode).toBe(200);
    } finally {
      t.clock.advance(-61 * 60_000);
    }
  });
});
