import type { Coupon, Slice } from '@mekong/contracts/spinwheel';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SpinModal } from '@/features/spinwheel/components/spin-modal';
import { sliceIndexAt } from '@/features/spinwheel/hooks/wheel-math';
import en from '@/locales/en.json';
import { storeToken } from '@/lib/session';
import { jsonResponse, renderWithProviders } from '@/testing/render';
import { walletFixture } from '@/testing/wallet-fixture';

const slice = (
  code: string,
  label: string,
  probability: number,
  prizeKind: Slice['prizeKind'] = 'cash',
  amount = 10,
): Slice => ({
  code,
  label,
  bgColor: '#123456',
  textColor: '#ffffff',
  htmlDescription: {
    th: `<p>${label} รางวัล</p>`,
    la: `<p>${label} ລາງວັນ</p>`,
    en: `<p>${label} prize</p>`,
  },
  prizeKind,
  amount,
  weight: probability * 1000,
  probability,
});
const slices = [
  slice('CASH5', '฿5', 0.5),
  slice('TRY', 'Try again', 0.3, 'none', 0),
  slice('CASH20', '฿20', 0.2, 'cash', 20),
];

const coupon = (n: number, over: Partial<Coupon> = {}): Coupon => ({
  _id: `C${n}`,
  coupon: `CP${n}`,
  prize: { name: `฿${n}`, slice: 'CASH5' },
  prizeKind: 'cash',
  amount: n,
  status: 'claimable',
  createdAt: '2026-11-24T03:00:00.000Z',
  expiresAt: '2099-12-01T03:00:00.000Z',
  claimedAt: null,
  turnover: 0,
  ...over,
});

/** A seed and its commitment: SHA-256 of 32 zero bytes. */
const SEED = '00'.repeat(32);
const SEED_HASH = '66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925';
let revealedSeed = SEED;

const fetchMock = vi.fn<typeof fetch>();
let coins = 2;
let waitingCoin = 0;
let prizeLock = { amount: 0, toPlay: 0 };
let isActive = true;
let coupons: Coupon[] = [];
let spinAnswer: { status: number; body: unknown } | null = null;
let claimAnswer: { status: number; body: unknown } | null = null;
let setupReads = 0;
let wonTurnover = 0;
const spins: { key: string | undefined; body: { clientSeed: string } }[] = [];
const claims: { key: string | undefined; body: { coupon: string } }[] = [];

beforeEach(() => {
  storeToken('tok', false);
  coins = 2;
  waitingCoin = 0;
  prizeLock = { amount: 0, toPlay: 0 };
  isActive = true;
  coupons = [];
  spinAnswer = null;
  claimAnswer = null;
  setupReads = 0;
  wonTurnover = 0;
  revealedSeed = SEED;
  spins.length = 0;
  claims.length = 0;
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  // Reduced motion: the wheel turns to its landing at once, so the test sees where it stopped.
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('reduce'),
    media: query,
    addEventListener() {},
    removeEventListener() {},
  }));
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const path = String(input);
    const key = (init?.headers as Record<string, string> | undefined)?.['idempotency-key'];
    const { profile, bankAccount } = walletFixture();
    if (path === '/api/account/profile')
      return jsonResponse({ profile: { ...profile, coin: coins }, bankAccount });
    if (path === '/api/spinwheel/setup') {
      setupReads += 1;
      return jsonResponse({
        result: {
          activeSpinwheel: isActive
            ? { name: { th: 'วงล้อนำโชค', la: 'ວົງລໍ້ນຳໂຊກ', en: 'Lucky wheel' }, slices }
            : null,
          userCoin: coins,
          waitingCoin,
          prizeLock,
          fairness: { seedHash: setupReads === 1 ? SEED_HASH : `hash${setupReads}`, nonce: 7 },
        },
      });
    }
    if (path === '/api/spinwheel/coupon') return jsonResponse({ coupons });
    if (path === '/api/spinwheel/spin') {
      spins.push({ key, body: JSON.parse(String(init?.body)) as { clientSeed: string } });
      if (spinAnswer) return jsonResponse(spinAnswer.body, spinAnswer.status);
      coins -= 1;
      const won = coupon(20, {
        coupon: 'WIN20',
        prize: { name: '฿20', slice: 'CASH20' },
        expiresAt: '2026-12-01T03:00:00.000Z',
        turnover: wonTurnover,
      });
      coupons = [won, ...coupons];
      return jsonResponse({
        success: true,
        result: { code: 'CASH20', label: '฿20' },
        remainingCoin: coins,
        error: null,
        coupon: won,
        fairness: {
          serverSeed: revealedSeed,
          seedHash: SEED_HASH,
          clientSeed: 'c',
          nonce: 7,
          nextSeedHash: 'hash-next',
        },
      });
    }
    if (path === '/api/spinwheel/coupon/claim') {
      const body = JSON.parse(String(init?.body)) as { coupon: string };
      claims.push({ key, body });
      if (claimAnswer) return jsonResponse(claimAnswer.body, claimAnswer.status);
      const claimed = {
        ...coupons.find((c) => c.coupon === body.coupon)!,
        status: 'claimed' as const,
        claimedAt: '2026-11-24T04:00:00.000Z',
      };
      coupons = coupons.map((c) => (c.coupon === body.coupon ? claimed : c));
      return jsonResponse({ success: true, error: null, coupon: claimed, transferId: 't1' });
    }
    if (path === '/api/wallet') return jsonResponse(walletFixture());
    return jsonResponse({ message: 'NOT_FOUND' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function open() {
  const user = userEvent.setup();
  renderWithProviders(
    <>
      <SpinModal isOpen onOpenChange={() => {}} />
      <Toaster />
    </>,
  );
  return { user, modal: screen.getByTestId('spin-modal') };
}

describe('SpinModal', () => {
  it('shows the wheel, the coins, the published odds and the seed hash before spinning', async () => {
    const { modal } = open();
    expect(await within(modal).findByTestId('wheel-canvas')).toHaveAttribute(
      'aria-label',
      'Prize wheel with the prizes: ฿5, Try again, ฿20',
    );
    // The wheel's name in the member's language (English here), not another language's.
    expect(within(modal).getByRole('heading', { name: 'Lucky wheel' })).toBeInTheDocument();
    expect(within(modal).getByTestId('spin-coins')).toHaveTextContent('2 coins');
    expect(within(modal).getByTestId('spin-button')).toBeEnabled();
    const odds = within(modal).getAllByTestId('fair-odds-row');
    expect(odds.map((row) => row.textContent?.trim())).toEqual([
      '฿550.00%',
      'Try again30.00%',
      '฿2020.00%',
    ]);
    expect(within(modal).getByTestId('fair-seed-hash')).toHaveTextContent(SEED_HASH);
    expect(within(modal).queryByTestId('fair-last-spin')).not.toBeInTheDocument();
    expect(await within(modal).findByTestId('coupon-empty')).toHaveTextContent('No coupons yet');
  });

  it('cannot spin with 0 coins, and says how to earn them', async () => {
    coins = 0;
    const { modal } = open();
    expect(await within(modal).findByTestId('spin-button')).toBeDisabled();
    expect(within(modal).getByTestId('spin-no-coin')).toHaveTextContent('Each deposit earns coins');
  });

  it('says which coins wait for a deposit to be played, and which prizes wait for play before a withdrawal', async () => {
    coins = 0;
    waitingCoin = 10;
    prizeLock = { amount: 40, toPlay: 25 };
    const { modal } = open();
    expect(await within(modal).findByTestId('spin-waiting')).toHaveTextContent(
      '10 more coins arrive once your deposit is played in games.',
    );
    expect(within(modal).getByTestId('spin-prize-lock')).toHaveTextContent(
      'Wheel prizes of ฿40.00 can be withdrawn after you play ฿25.00 more in games.',
    );
  });

  it('says when the wheel is closed', async () => {
    isActive = false;
    const { modal } = open();
    expect(await within(modal).findByTestId('spin-inactive')).toHaveTextContent(
      'The wheel is closed right now',
    );
  });

  it('spins once, lands on the slice the server chose, shows the prize and the revealed seed, and reloads on close', async () => {
    const { user, modal } = open();
    await user.click(await within(modal).findByTestId('spin-button'));
    const prize = await screen.findByTestId('prize-modal');
    expect(within(prize).getByTestId('prize-label')).toHaveTextContent('฿20');
    // A cash prize is not money yet: the dialog says so, and shows no internal code.
    expect(within(prize).getByTestId('prize-status')).toHaveTextContent(
      'Your ฿20.00 prize is not in your wallet yet.',
    );
    expect(prize).not.toHaveTextContent('WIN20');
    expect(prize).not.toHaveTextContent(/added to your wallet|is now in your wallet/);
    expect(spins).toHaveLength(1);
    expect(spins[0]!.body.clientSeed).toMatch(/^[0-9a-f]{32}$/);
    expect(spins[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
    const rotation = Number(
      within(modal).getByTestId('wheel-canvas').getAttribute('data-rotation'),
    );
    expect(sliceIndexAt(rotation, slices.length)).toBe(2);
    expect(within(modal).getByTestId('spin-coins')).toHaveTextContent('1 coin');
    expect(within(modal).getByTestId('fair-revealed-seed')).toHaveTextContent(SEED);
    expect(await within(modal).findByTestId('fair-seed-check')).toHaveAttribute(
      'data-result',
      'match',
    );

    const readsBefore = setupReads;
    await user.click(within(prize).getByTestId('prize-close'));
    await waitFor(() => expect(setupReads).toBe(readsBefore + 1));
    await waitFor(() =>
      expect(within(modal).getByTestId('fair-seed-hash')).toHaveTextContent(
        `hash${readsBefore + 1}`,
      ),
    );
    expect(await within(modal).findByTestId('coupon-row')).toHaveAttribute('data-coupon', 'WIN20');
  });

  it('receives a cash prize in one tap, with no confirmation, and only then says it is in the wallet', async () => {
    const { user, modal } = open();
    await user.click(await within(modal).findByTestId('spin-button'));
    const prize = await screen.findByTestId('prize-modal');
    await user.click(within(prize).getByTestId('prize-claim'));
    expect(await within(prize).findByTestId('prize-status')).toHaveTextContent('฿20.00 is now in your wallet.');
    expect(within(prize).getByTestId('prize-cash')).toHaveAttribute('data-state', 'received');
    expect(claims).toEqual([{ key: expect.stringMatching(/^[0-9a-f-]{36}$/), body: { coupon: 'WIN20' } }]);
    expect(screen.queryByTestId('claim-modal')).not.toBeInTheDocument();
    expect(within(prize).queryByTestId('prize-claim')).not.toBeInTheDocument();
  });

  it('says a cash prize’s withdrawal condition in baht, before and after receiving it', async () => {
    wonTurnover = 40;
    const { user, modal } = open();
    await user.click(await within(modal).findByTestId('spin-button'));
    const prize = await screen.findByTestId('prize-modal');
    expect(within(prize).getByTestId('prize-turnover')).toHaveTextContent(
      'it can be withdrawn after you play ฿40.00 in games.',
    );
    await user.click(within(prize).getByTestId('prize-claim'));
    expect(await within(prize).findByTestId('prize-status')).toHaveTextContent('is now in your wallet');
    expect(within(prize).getByTestId('prize-turnover')).toHaveTextContent('after you play ฿40.00 in games.');
  });

  it('a refused receive says why in the dialog and never that the money arrived', async () => {
    claimAnswer = { status: 400, body: { message: 'COUPON_EXPIRED' } };
    const { user, modal } = open();
    await user.click(await within(modal).findByTestId('spin-button'));
    const prize = await screen.findByTestId('prize-modal');
    await user.click(within(prize).getByTestId('prize-claim'));
    expect(await within(prize).findByTestId('prize-claim-error')).toBeInTheDocument();
    expect(within(prize).getByTestId('prize-cash')).toHaveAttribute('data-state', 'unclaimed');
    expect(prize).not.toHaveTextContent('is now in your wallet');
  });

  it('warns when the revealed seed does not hash to what was shown before the spin', async () => {
    revealedSeed = '01'.repeat(32);
    const { user, modal } = open();
    await user.click(await within(modal).findByTestId('spin-button'));
    await user.click(within(await screen.findByTestId('prize-modal')).getByTestId('prize-close'));
    const check = await within(modal).findByTestId('fair-seed-check');
    expect(check).toHaveAttribute('data-result', 'mismatch');
    expect(check).toHaveTextContent(en.spin.fair.checkMismatch);
  });

  it('shows a spin refusal in the error dialog with its spin.error text', async () => {
    spinAnswer = { status: 409, body: { message: 'NO_COIN' } };
    const { user, modal } = open();
    await user.click(await within(modal).findByTestId('spin-button'));
    const alert = await screen.findByTestId('alert-dialog');
    expect(alert).toHaveTextContent(en.spin.failedTitle);
    expect(alert).toHaveTextContent(en.spin.error.NO_COIN);
    expect(screen.queryByTestId('prize-modal')).not.toBeInTheDocument();
  });

  it('shows an answer with success false as an error too', async () => {
    spinAnswer = {
      status: 200,
      body: {
        success: false,
        result: null,
        remainingCoin: 2,
        error: 'SPINWHEEL_INACTIVE',
        coupon: null,
        fairness: null,
      },
    };
    const { user, modal } = open();
    await user.click(await within(modal).findByTestId('spin-button'));
    expect(await screen.findByTestId('alert-dialog')).toHaveTextContent(
      en.spin.error.SPINWHEEL_INACTIVE,
    );
  });

  it('lists coupons 3 a page; a claim asks to confirm, credits once, shows the result and reloads', async () => {
    coupons = [
      coupon(1),
      coupon(2),
      coupon(3, { status: 'claimed', claimedAt: '2026-11-24T04:00:00.000Z' }),
      coupon(4, { status: 'expired', prizeKind: 'bonus', amount: 0 }),
    ];
    const { user, modal } = open();
    const rows = await within(modal).findAllByTestId('coupon-row');
    expect(rows.map((row) => row.getAttribute('data-status'))).toEqual([
      'claimable',
      'claimable',
      'claimed',
    ]);
    await user.click(within(modal).getByTestId('coupon-page-2'));
    expect(
      within(modal)
        .getAllByTestId('coupon-row')
        .map((row) => row.getAttribute('data-status')),
    ).toEqual(['expired']);
    expect(within(modal).getByTestId('coupon-row')).toHaveTextContent(en.coupon.bonus);
    await user.click(within(modal).getByTestId('coupon-page-1'));

    await user.click(
      within(within(modal).getAllByTestId('coupon-row')[0]!).getByTestId('coupon-claim'),
    );
    const confirm = await screen.findByTestId('claim-modal');
    // The coupon's code is the app's business, not the member's.
    expect(confirm).not.toHaveTextContent('CP1');
    expect(within(confirm).getByTestId('claim-coupon')).toHaveTextContent('฿1.00');
    expect(claims).toHaveLength(0);
    await user.click(within(confirm).getByTestId('claim-confirm'));
    const result = await screen.findByTestId('alert-dialog');
    expect(result).toHaveTextContent(en.coupon.claimedTitle);
    expect(result).toHaveTextContent('฿1.00 was added to your wallet.');
    expect(claims).toEqual([
      { key: expect.stringMatching(/^[0-9a-f-]{36}$/), body: { coupon: 'CP1' } },
    ]);
    await waitFor(() =>
      expect(within(modal).getAllByTestId('coupon-row')[0]).toHaveAttribute(
        'data-status',
        'claimed',
      ),
    );
  });

  it('says the bonus has started when a bonus coupon is claimed', async () => {
    coupons = [
      coupon(1, { prizeKind: 'bonus', amount: 0, prize: { name: 'Wheel bonus', slice: 'BONUS' } }),
    ];
    const { user, modal } = open();
    await user.click(await within(modal).findByTestId('coupon-claim'));
    await user.click(within(await screen.findByTestId('claim-modal')).getByTestId('claim-confirm'));
    const result = await screen.findByTestId('alert-dialog');
    expect(result).toHaveTextContent(en.coupon.claimedTitle);
    expect(result).toHaveTextContent('Your bonus “Wheel bonus” has started.');
  });

  it('shows a claim refusal with its spin.error text', async () => {
    coupons = [coupon(1)];
    claimAnswer = { status: 409, body: { message: 'COUPON_EXPIRED' } };
    const { user, modal } = open();
    await user.click(await within(modal).findByTestId('coupon-claim'));
    await user.click(within(await screen.findByTestId('claim-modal')).getByTestId('claim-confirm'));
    const alert = await screen.findByTestId('alert-dialog');
    expect(alert).toHaveTextContent(en.coupon.failedTitle);
    expect(alert).toHaveTextContent(en.spin.error.COUPON_EXPIRED);
  });
});
