import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BonusPage } from '@/features/bonus/components/bonus-page';
import { storeToken } from '@/lib/session';
import { bonusFixture, memberBonusFixture, promotionFixture } from '@/testing/bonus-fixture';
import { jsonResponse, renderWithProviders } from '@/testing/render';
import { walletFixture } from '@/testing/wallet-fixture';

const fetchMock = vi.fn<typeof fetch>();
type Answer = () => Response | Promise<Response>;
let activeAnswer: Answer;
let listAnswer: Answer;
let clearAnswer: Answer;
let activateAnswer: (code: string) => Response;
let findAnswer: (code: string) => Response;
let promotionActivateAnswer: (code: string) => Response;
let previewAnswer: (code: string) => Response;
let clearPreviewAnswer: Answer;
let asked: string[] = [];

const noActive = () => jsonResponse({ status: false, type: null, bonus: null });
const withActive = (progress = {}) => () => jsonResponse({ status: true, type: 'limit', bonus: memberBonusFixture({}, progress) });

beforeEach(() => {
  storeToken('tok', false);
  asked = [];
  // 50 % of a 1,000 deposit: 500; start 1,500; credit 2 × 1,500 (bonusFixture's terms), and 1,000 of own cash locked.
  previewAnswer = (code) =>
    jsonResponse({ preview: { code, bonusAmount: 500, depositAmount: 1000, startAmount: 1500, conditionKind: 'credit', target: 3000, lockedAmount: 1000, failBelow: 150, withdrawCap: 3000, validDays: 7 } });
  clearPreviewAnswer = () => jsonResponse({ message: 'NOT_FOUND' }, 404);
  activeAnswer = noActive;
  listAnswer = () => jsonResponse({ bonuses: [bonusFixture('WELCOME')] });
  clearAnswer = () => jsonResponse({ message: 'BONUS_CLEAR', forfeited: 500 });
  activateAnswer = (code) => jsonResponse({ message: 'SUCCESS', userBonus: memberBonusFixture({ code }) });
  findAnswer = (code) => jsonResponse({ promotion: promotionFixture(code) });
  promotionActivateAnswer = (code) => jsonResponse({ message: 'SUCCESS', userBonus: memberBonusFixture({ code, isPromotion: true, bonusAmount: 100 }) });
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) => {
    const path = String(input);
    asked.push(path);
    if (path === '/api/wallet') return jsonResponse(walletFixture());
    if (path === '/api/bonus/check/active') return activeAnswer();
    if (path === '/api/bonus') return listAnswer();
    if (path === '/api/bonus/clear') return clearAnswer();
    if (path === '/api/bonus/clear/preview') return clearPreviewAnswer();
    if (path === '/api/wallet/transferAll') return jsonResponse({ message: 'SUCCESS', amount: 220 });
    const preview = /^\/api\/(?:bonus|promotion)\/preview\/(.+)$/.exec(path);
    if (preview?.[1]) return previewAnswer(decodeURIComponent(preview[1]));
    const [, kind, action, code] = /^\/api\/(bonus|promotion)\/(activate|find)\/(.+)$/.exec(path) ?? [];
    if (kind === 'bonus' && action === 'activate' && code) return activateAnswer(decodeURIComponent(code));
    if (kind === 'promotion' && action === 'find' && code) return findAnswer(decodeURIComponent(code));
    if (kind === 'promotion' && action === 'activate' && code) return promotionActivateAnswer(decodeURIComponent(code));
    return jsonResponse({ message: 'NOT_FOUND' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => vi.unstubAllGlobals());

function renderPage() {
  const user = userEvent.setup();
  renderWithProviders(
    <>
      <BonusPage />
      <Toaster />
    </>,
  );
  return { user };
}

describe('BonusPage with an active bonus', () => {
  it('shows the name, type, amounts, the progress of the release condition, the cap and the fail line', async () => {
    activeAnswer = withActive();
    renderPage();
    const card = await screen.findByTestId('bonus-active');
    expect(within(card).getByTestId('bonus-active-name')).toHaveTextContent('Welcome bonus');
    expect(within(card).getByTestId('bonus-active-type')).toHaveTextContent('Limited');
    expect(within(card).getByTestId('bonus-active-deposit')).toHaveTextContent('฿1,000.00');
    expect(within(card).getByTestId('bonus-active-amount')).toHaveTextContent('฿500.00');
    const bar = within(card).getByRole('progressbar');
    expect(bar).toHaveAttribute('aria-valuenow', '40');
    expect(within(card).getByTestId('bonus-progress-figures')).toHaveTextContent('฿1,200.00 of ฿3,000.00');
    expect(within(card).getByText('฿1,800.00 to go')).toBeInTheDocument();
    expect(within(card).queryByTestId('bonus-ready')).not.toBeInTheDocument();
    expect(within(card).getByTestId('bonus-active-cap')).toHaveTextContent('฿2,000.00');
    expect(within(card).getByTestId('bonus-fail-line')).toHaveTextContent('falls below ฿150.00');
    // No promotion code while a bonus is active (spec §2).
    expect(screen.queryByTestId('promotion-code')).not.toBeInTheDocument();
  });

  it('says "ready to withdraw" once the condition is met, and "No cap" without a cap', async () => {
    activeAnswer = withActive({ current: 3100, percent: 100, isMet: true, withdrawCap: null });
    renderPage();
    expect(await screen.findByTestId('bonus-ready')).toHaveTextContent('Condition met: ready to withdraw');
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    expect(screen.getByTestId('bonus-active-cap')).toHaveTextContent('No cap');
  });

  it('cancels only after the warning is confirmed, then toasts the server message and reads the bonus again', async () => {
    activeAnswer = withActive();
    const { user } = renderPage();
    await user.click(await screen.findByTestId('bonus-cancel'));
    const dialog = await screen.findByTestId('bonus-cancel-dialog');
    expect(dialog).toHaveTextContent('All balance inside games will be cleared');
    expect(dialog).toHaveTextContent('main wallet');
    await user.click(within(dialog).getByTestId('bonus-cancel-keep'));
    expect(asked).not.toContain('/api/bonus/clear');

    await user.click(screen.getByTestId('bonus-cancel'));
    activeAnswer = noActive;
    await user.click(within(await screen.findByTestId('bonus-cancel-dialog')).getByTestId('bonus-cancel-confirm'));
    expect(await screen.findByText('The bonus was cancelled.')).toBeInTheDocument();
    // The page reads the active bonus again: now the promotion code is offered.
    expect(await screen.findByTestId('promotion-code')).toBeInTheDocument();
    expect(asked.filter((path) => path === '/api/bonus/clear')).toHaveLength(1);
  });

  it('lists the money a cancel forfeits per game and wallet, and brings the games back first on one tap (issue 28)', async () => {
    activeAnswer = withActive();
    clearPreviewAnswer = () => jsonResponse({ forfeit: 235, games: [{ provider: 'PG', amount: 220 }], bonusWallet: 15, wallet: 0, kept: 531.36, forfeitAfterGamesBack: 15 });
    const { user } = renderPage();
    await user.click(await screen.findByTestId('bonus-cancel'));
    const dialog = await screen.findByTestId('bonus-cancel-dialog');
    const risk = await within(dialog).findByTestId('bonus-cancel-risk');
    expect(risk).toHaveTextContent('Cancelling now forfeits ฿235.00');
    expect(within(risk).getAllByTestId('bonus-cancel-risk-row').map((row) => row.textContent)).toEqual(['In PG Game-฿220.00', 'Bonus wallet-฿15.00']);
    expect(within(risk).getByTestId('bonus-cancel-kept')).toHaveTextContent('You keep ฿531.36');
    expect(within(risk).getByTestId('bonus-cancel-bring-back-hint')).toHaveTextContent('forfeits only ฿15.00');
    expect(within(dialog).getByTestId('bonus-cancel-confirm')).toHaveTextContent('Cancel and forfeit ฿235.00');

    clearPreviewAnswer = () => jsonResponse({ forfeit: 15, games: [], bonusWallet: 15, wallet: 0, kept: 751.36, forfeitAfterGamesBack: 15 });
    await user.click(within(dialog).getByTestId('bonus-cancel-bring-back'));
    expect(asked).toContain('/api/wallet/transferAll');
    // The preview is read again after the money moved: the games are empty, the cancel now costs the bonus alone.
    await waitFor(() => expect(within(dialog).getByTestId('bonus-cancel-confirm')).toHaveTextContent('Cancel and forfeit ฿15.00'));
    expect(within(dialog).queryByTestId('bonus-cancel-bring-back')).not.toBeInTheDocument();
    expect(asked).not.toContain('/api/bonus/clear');
  });

  it('shows a failed cancel in a danger dialog with the server message', async () => {
    activeAnswer = withActive();
    clearAnswer = () => jsonResponse({ message: 'BONUS_NOT_ACTIVE' }, 409);
    const { user } = renderPage();
    await user.click(await screen.findByTestId('bonus-cancel'));
    await user.click(within(await screen.findByTestId('bonus-cancel-dialog')).getByTestId('bonus-cancel-confirm'));
    const alert = await screen.findByTestId('alert-dialog');
    expect(alert).toHaveTextContent('Could not cancel the bonus');
    expect(alert).toHaveTextContent('You have no active bonus');
  });
});

describe('BonusPage promotion code', () => {
  it('requires a code, upper-cases it, and finds then activates the promotion with a saved alert', async () => {
    const { user } = renderPage();
    const input = await screen.findByTestId('promotion-code');
    await user.click(screen.getByTestId('promotion-search'));
    expect(await screen.findByText('Please enter a promotion code')).toBeInTheDocument();
    expect(asked.some((path) => path.startsWith('/api/promotion/'))).toBe(false);

    await user.type(input, 'friend10');
    expect(input).toHaveValue('FRIEND10');
    await user.click(screen.getByTestId('promotion-search'));
    const modal = await screen.findByTestId('promotion-modal');
    const found = await within(modal).findByTestId('promotion-found');
    expect(asked).toContain('/api/promotion/find/FRIEND10');
    expect(modal).toHaveTextContent('Promotion FRIEND10');
    expect(within(found).getByTestId('promotion-terms-notice')).toHaveTextContent('below 20% of your deposit');
    expect(found).toHaveTextContent('Bets reach 5× (deposit + bonus)');

    await user.click(within(modal).getByTestId('promotion-activate'));
    // Issue 28: a code is activated only from its confirm sheet, which the promotion's own preview fills.
    const confirm = await screen.findByTestId('bonus-receive-confirm');
    expect(await within(confirm).findByTestId('bonus-preview-locked')).toHaveTextContent('฿1,000.00');
    expect(asked).toContain('/api/promotion/preview/FRIEND10');
    expect(asked).not.toContain('/api/promotion/activate/FRIEND10');
    await user.click(within(confirm).getByTestId('bonus-receive-confirm-submit'));
    const alert = await screen.findByTestId('alert-dialog');
    expect(alert).toHaveTextContent('Saved');
    expect(alert).toHaveTextContent('Welcome bonus: ฿100.00 credited to your bonus wallet.');
    expect(asked).toContain('/api/promotion/activate/FRIEND10');
    await waitFor(() => expect(screen.queryByTestId('promotion-modal')).not.toBeInTheDocument());
  });

  it('says "searching" while it looks, then "not found" for an unknown code', async () => {
    let release: () => void = () => {};
    const answered = new Promise<void>((resolve) => (release = resolve));
    // Held until released, whichever call comes first: the page's other calls may load their contracts meanwhile.
    findAnswer = () => jsonResponse({ message: 'NO_PROMOTION' }, 404);
    const found = findAnswer;
    const other = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      if (!String(input).includes('/promotion/find/')) return other(input, init);
      asked.push(String(input));
      await answered;
      return found('NOPE');
    });
    const { user } = renderPage();
    await user.type(await screen.findByTestId('promotion-code'), 'nope');
    await user.click(screen.getByTestId('promotion-search'));
    expect(await screen.findByTestId('promotion-searching')).toHaveTextContent('Searching…');
    release();
    expect(await screen.findByTestId('promotion-not-found')).toHaveTextContent('Promotion not found');
  });

  it('shows an activation refusal as an error alert with the server message', async () => {
    promotionActivateAnswer = () => jsonResponse({ message: 'PROMOTION_RECEIVED' }, 409);
    const { user } = renderPage();
    await user.type(await screen.findByTestId('promotion-code'), 'FRIEND10');
    await user.click(screen.getByTestId('promotion-search'));
    await user.click(await screen.findByTestId('promotion-activate'));
    await user.click(await screen.findByTestId('bonus-receive-confirm-submit'));
    const alert = await screen.findByTestId('alert-dialog');
    expect(alert).toHaveTextContent('Could not activate the promotion');
    expect(alert).toHaveTextContent('You have already received this promotion.');
  });

  it('does not offer to activate a promotion already received', async () => {
    findAnswer = (code) => jsonResponse({ promotion: promotionFixture(code, { isReceived: true }) });
    const { user } = renderPage();
    await user.type(await screen.findByTestId('promotion-code'), 'FRIEND10');
    await user.click(screen.getByTestId('promotion-search'));
    expect(await screen.findByTestId('promotion-received')).toBeInTheDocument();
    expect(screen.getByTestId('promotion-activate')).toBeDisabled();
  });
});

describe('BonusPage cards', () => {
  const today = () => new Date().toISOString();

  it('marks the active card "current" and exhausted cards "received" and not clickable', async () => {
    listAnswer = () =>
      jsonResponse({
        bonuses: [
          bonusFixture('ACTIVE', { userBonus: { _id: 'u1', isActive: true, received: [{ updatedAt: today() }] } }),
          bonusFixture('ONCE', { userBonus: { _id: 'u2', isActive: false, received: [{ updatedAt: '2025-01-01T00:00:00Z' }] } }),
          bonusFixture('DAILY', { type: 'day', maxReceived: 1, userBonus: { _id: 'u3', isActive: false, received: [{ updatedAt: today() }] } }),
          bonusFixture('DAILY2', { type: 'day', maxReceived: 1, userBonus: { _id: 'u4', isActive: false, received: [{ updatedAt: '2025-01-01T00:00:00Z' }] } }),
          bonusFixture('NEW'),
        ],
      });
    renderPage();
    await screen.findByTestId('bonus-grid');
    const card = (code: string) => screen.getAllByTestId('bonus-card').find((el) => el.dataset.code === code)!;
    expect(card('ACTIVE')).toHaveAttribute('data-state', 'current');
    expect(card('ACTIVE')).toHaveTextContent('Current');
    expect(card('ONCE')).toHaveAttribute('data-state', 'received');
    expect(card('ONCE')).toHaveTextContent('Received');
    expect(within(card('ONCE')).queryByRole('button')).not.toBeInTheDocument();
    expect(card('DAILY')).toHaveAttribute('data-state', 'received');
    expect(card('DAILY2')).toHaveAttribute('data-state', 'open');
    expect(card('DAILY2')).toHaveTextContent('Up to 1× a day');
    expect(within(card('NEW')).getByRole('button')).toBeInTheDocument();
  });

  it('opens a card: banner carousel, notice with percentFail, the terms in baht; receive asks to confirm first, then activates', async () => {
    const { user } = renderPage();
    await user.click(within(await screen.findByTestId('bonus-card')).getByRole('button'));
    const modal = await screen.findByTestId('bonus-modal');
    expect(within(modal).getAllByTestId('bonus-modal-carousel-slide')).toHaveLength(2);
    expect(within(modal).getByTestId('bonus-modal-terms-notice')).toHaveTextContent('below 10% of your deposit plus bonus');
    expect(modal).toHaveTextContent('Ends below 10% of the start.');
    // Issue 28 item 11: the member's own figures from the server, not "2× (deposit + bonus)".
    expect(await within(modal).findByText('Total balance of ฿3,000.00')).toBeInTheDocument();
    expect(within(modal).getByTestId('bonus-modal-terms-0')).toHaveTextContent('฿500.00');
    await user.click(within(modal).getByTestId('bonus-receive'));
    // Issue 28 item 1: nothing is received by the first tap.
    const confirm = await screen.findByTestId('bonus-receive-confirm');
    expect(asked).not.toContain('/api/bonus/activate/WELCOME');
    expect(within(confirm).getByTestId('bonus-preview-receive')).toHaveTextContent('฿500.00');
    expect(within(confirm).getByTestId('bonus-preview-target')).toHaveTextContent('฿3,000.00');
    expect(within(confirm).getByTestId('bonus-preview-locked')).toHaveTextContent('฿1,000.00');
    expect(within(confirm).getByTestId('bonus-preview-summary')).toHaveTextContent('your ฿1,000.00 cannot be withdrawn until you reach ฿3,000.00');
    await user.click(within(confirm).getByTestId('bonus-receive-confirm-submit'));
    expect(await screen.findByTestId('alert-dialog')).toHaveTextContent('Saved');
    expect(asked).toContain('/api/bonus/activate/WELCOME');
  });

  it('"Not now" on the confirm sheet receives nothing', async () => {
    const { user } = renderPage();
    await user.click(within(await screen.findByTestId('bonus-card')).getByRole('button'));
    await user.click(await screen.findByTestId('bonus-receive'));
    await user.click(within(await screen.findByTestId('bonus-receive-confirm')).getByTestId('bonus-receive-confirm-back'));
    await waitFor(() => expect(screen.queryByTestId('bonus-receive-confirm')).not.toBeInTheDocument());
    expect(asked).not.toContain('/api/bonus/activate/WELCOME');
  });

  it('a refusal the preview already knows is said on the confirm sheet, with nothing to confirm', async () => {
    previewAnswer = () => jsonResponse({ message: 'BONUS_NO_DEPOSIT' }, 409);
    const { user } = renderPage();
    await user.click(within(await screen.findByTestId('bonus-card')).getByRole('button'));
    const modal = await screen.findByTestId('bonus-modal');
    // Without the member's figures the terms stay as published.
    expect(modal).toHaveTextContent('50% of your deposit, up to ฿500.00');
    await user.click(within(modal).getByTestId('bonus-receive'));
    const confirm = await screen.findByTestId('bonus-receive-confirm');
    expect(await within(confirm).findByTestId('bonus-receive-confirm-refused')).toHaveTextContent(/please deposit first/i);
    expect(within(confirm).queryByTestId('bonus-receive-confirm-submit')).not.toBeInTheDocument();
    expect(asked).not.toContain('/api/bonus/activate/WELCOME');
  });

  it('shows a receive refusal as an error alert with the server message', async () => {
    activateAnswer = () => jsonResponse({ message: 'BONUS_NO_DEPOSIT' }, 409);
    const { user } = renderPage();
    await user.click(within(await screen.findByTestId('bonus-card')).getByRole('button'));
    await user.click(await screen.findByTestId('bonus-receive'));
    await user.click(within(await screen.findByTestId('bonus-receive-confirm')).getByTestId('bonus-receive-confirm-submit'));
    const alert = await screen.findByTestId('alert-dialog');
    expect(alert).toHaveTextContent('Could not receive the bonus');
    expect(alert).toHaveTextContent(/please deposit first/i);
  });

  it('the active bonus card opens with confirm instead of receive; another active bonus blocks receive', async () => {
    activeAnswer = withActive();
    listAnswer = () =>
      jsonResponse({
        bonuses: [bonusFixture('WELCOME', { userBonus: { _id: 'u1', isActive: true, received: [{ updatedAt: today() }] } }), bonusFixture('OTHER', { maxReceived: 3 })],
      });
    const { user } = renderPage();
    await screen.findByTestId('bonus-grid');
    const cards = screen.getAllByTestId('bonus-card');
    await user.click(within(cards[0]!).getByRole('button'));
    await user.click(await screen.findByTestId('bonus-confirm'));
    await waitFor(() => expect(screen.queryByTestId('bonus-modal')).not.toBeInTheDocument());
    expect(asked.some((path) => path.startsWith('/api/bonus/activate/'))).toBe(false);

    await user.click(within(cards[1]!).getByRole('button'));
    expect(await screen.findByTestId('bonus-other-active')).toBeInTheDocument();
    expect(screen.getByTestId('bonus-receive')).toBeDisabled();
  });

  it('a failed list load says so and retries, never "no bonuses"', async () => {
    listAnswer = () => jsonResponse({ message: 'INTERNAL_SERVER_ERROR' }, 500);
    const { user } = renderPage();
    const failed = await screen.findByTestId('bonus-list-failed');
    expect(failed).toHaveTextContent('We could not load the bonuses.');
    expect(screen.queryByTestId('bonus-list-empty')).not.toBeInTheDocument();
    listAnswer = () => jsonResponse({ bonuses: [bonusFixture('WELCOME')] });
    await user.click(screen.getByTestId('bonus-list-failed-retry'));
    expect(await screen.findByTestId('bonus-grid')).toBeInTheDocument();
  });

  it('an empty list says there are no bonuses right now', async () => {
    listAnswer = () => jsonResponse({ bonuses: [] });
    renderPage();
    expect(await screen.findByTestId('bonus-list-empty')).toHaveTextContent('No bonuses right now');
  });

  it('a failed active-bonus check offers a retry instead of the promotion form', async () => {
    activeAnswer = () => jsonResponse({ message: 'INTERNAL_SERVER_ERROR' }, 500);
    renderPage();
    expect(await screen.findByTestId('bonus-active-failed')).toHaveTextContent('We could not load your bonus.');
    expect(screen.queryByTestId('promotion-code')).not.toBeInTheDocument();
  });
});
