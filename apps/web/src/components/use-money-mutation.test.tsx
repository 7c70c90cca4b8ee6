import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useMoneyMutation } from '@/components/use-money-mutation';
import { ApiError, OFFLINE } from '@/lib/api-client';
import i18n from 'i18next';
import { renderWithProviders } from '@/testing/render';

type Answer = () => Promise<{ paid: number }>;

const sent: { amount: number; key: string }[] = [];
let answers: Answer[] = [];
let scopeNo = 0;

const lost = () => Promise.reject(new ApiError('SERVICE_UNAVAILABLE', 0));
const paid = (amount: number) => () => Promise.resolve({ paid: amount });

function Withdraw({ scope }: { scope: string }) {
  const send = useMoneyMutation({
    scope,
    send: (vars: { amount: number }, key: string) => {
      sent.push({ amount: vars.amount, key });
      const next = answers.shift();
      return next ? next() : lost();
    },
    refresh: async () => {},
    successToast: (result) => ({ text: `Paid ${result.paid}` }),
    failureTitle: 'Withdrawal failed',
  });
  return (
    <>
      <button type="button" onClick={() => send.submit({ amount: 500 })}>
        send
      </button>
      <output data-testid="state">{send.checking ?? (send.isPending ? 'pending' : 'idle')}</output>
    </>
  );
}

/** Lets timers, promises and React catch up, the fake clock moved by `ms`. */
const advance = (ms = 0) => act(() => vi.advanceTimersByTimeAsync(ms));

/** Once the answer is in: real time again for the dialogs and toasts to come and go. */
async function afterAnswer() {
  // The toaster adds and removes toasts on timers and animation frames: let them run before leaving the fake clock.
  for (let frame = 0; frame < 6; frame += 1) {
    await advance(50);
    await act(() => new Promise((resolve) => requestAnimationFrame(resolve)));
  }
  vi.useRealTimers();
  await waitFor(() => expect(screen.queryByTestId('money-checking')).not.toBeInTheDocument());
}

function setOnline(isOnline: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(isOnline);
  window.dispatchEvent(new Event(isOnline ? 'online' : 'offline'));
}

async function submit() {
  // Each test its own scope: keys are kept per scope for the whole page.
  scopeNo += 1;
  renderWithProviders(
    <>
      <Toaster />
      <Withdraw scope={`test-${scopeNo}`} />
    </>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'send' }));
  await advance();
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  sent.length = 0;
  answers = [];
});

afterEach(async () => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  await i18n.changeLanguage('en');
});

describe('useMoneyMutation after an unknown outcome', () => {
  it('says it is checking, replays the same key, then shows the one true result (never a failure)', async () => {
    answers = [lost, paid(500)];
    await submit();

    expect(screen.getByTestId('state')).toHaveTextContent('checking');
    expect(screen.getByText('Checking the result…')).toBeInTheDocument();
    expect(screen.getByText(/We are checking its result with the server/)).toBeInTheDocument();
    expect(screen.queryByText('Withdrawal failed')).not.toBeInTheDocument();
    expect(sent).toHaveLength(1);

    await advance(500);
    expect(sent).toHaveLength(2);
    expect(sent[1]!.key).toBe(sent[0]!.key);
    await afterAnswer();
    expect(await screen.findByText('Paid 500')).toBeInTheDocument();
    expect(screen.queryByText('Withdrawal failed')).not.toBeInTheDocument();
    expect(screen.getByTestId('state')).toHaveTextContent('idle');
  });

  it('backs off between replays, treating a time-out and a gateway 5xx without message as unknown too', async () => {
    answers = [lost, () => Promise.reject(new ApiError('REQUEST_TIMEOUT', 408)), () => Promise.reject(new ApiError('SERVICE_UNAVAILABLE', 504)), lost, paid(500)];
    await submit();
    expect(sent).toHaveLength(1);
    await advance(499);
    expect(sent).toHaveLength(1);
    await advance(1);
    expect(sent).toHaveLength(2);
    await advance(999);
    expect(sent).toHaveLength(2);
    await advance(1);
    expect(sent).toHaveLength(3);
    await advance(2_000);
    expect(sent).toHaveLength(4);
    await advance(4_000);
    expect(sent).toHaveLength(5);
    expect(new Set(sent.map((one) => one.key)).size).toBe(1);
    await afterAnswer();
    expect(await screen.findByText('Paid 500')).toBeInTheDocument();
    expect(screen.queryByText('Withdrawal failed')).not.toBeInTheDocument();
  });

  it("shows a refusal only when the server gave one, after the replay", async () => {
    answers = [lost, () => Promise.reject(new ApiError('MONEY_NOT_ENOUGH', 400))];
    await submit();
    expect(screen.queryByTestId('alert-dialog')).not.toBeInTheDocument();
    await advance(500);
    await afterAnswer();
    const alert = await screen.findByTestId('alert-dialog');
    expect(alert).toHaveTextContent('Withdrawal failed');
    expect(alert).toHaveTextContent('Your balance is not enough.');
    expect(screen.queryByText('Checking the result…')).not.toBeInTheDocument();
    expect(sent).toHaveLength(2);
  });

  it('shows a definite refusal at once, without checking', async () => {
    answers = [() => Promise.reject(new ApiError('TRANSFER_FAIL', 502))];
    await submit();
    await advance(20_000);
    expect(sent).toHaveLength(1);
    expect(screen.queryByTestId('money-checking')).not.toBeInTheDocument();
    await afterAnswer();
    expect(await screen.findByTestId('alert-dialog')).toHaveTextContent('Withdrawal failed');
  });

  it('offline, says so and waits for the network, then replays at once', async () => {
    setOnline(false);
    answers = [() => Promise.reject(new ApiError(OFFLINE, 0)), paid(500)];
    await submit();
    expect(screen.getByTestId('state')).toHaveTextContent('offline');
    expect(screen.getByText('No internet connection')).toBeInTheDocument();
    await advance(10_000);
    expect(sent).toHaveLength(1);

    setOnline(true);
    await advance();
    expect(sent).toHaveLength(2);
    expect(sent[1]!.key).toBe(sent[0]!.key);
    await afterAnswer();
    expect(await screen.findByText('Paid 500')).toBeInTheDocument();
  });

  it.each([
    ['th', 'กำลังตรวจสอบผลรายการ…'],
    ['la', 'ກຳລັງກວດສອບຜົນລາຍການ…'],
  ])('says it is checking in %s', async (language, title) => {
    await i18n.changeLanguage(language);
    answers = [lost, paid(500)];
    await submit();
    expect(screen.getByText(title)).toBeInTheDocument();
    await advance(500);
    await afterAnswer();
  });
});
