import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ForgotPasswordPage } from '@/features/auth/components/forgot-password-page';
import { jsonResponse, renderRoutes } from '@/testing/render';

const fetchMock = vi.fn<typeof fetch>();
type Refusal = { refuse: string; status: number };
const sent = { code: 'OK', otpRef: 'QWER', otpToken: 'reset-token' };

function serve(answers: { forgot?: unknown; verify?: unknown[]; reset?: unknown; login?: unknown } = {}) {
  const verifyAnswers = [...(answers.verify ?? [{ message: 'OTP_CODE_VALID' }])];
  const reply = (value: unknown) => {
    const refusal = value as Refusal;
    return refusal && typeof refusal === 'object' && 'refuse' in refusal
      ? jsonResponse({ message: refusal.refuse }, refusal.status)
      : jsonResponse(value);
  };
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url.endsWith('/api/account/password/forgot')) return reply(answers.forgot ?? sent);
    if (url.endsWith('/api/otp/verify')) return reply(verifyAnswers.length > 1 ? verifyAnswers.shift() : verifyAnswers[0]);
    if (url.endsWith('/api/account/password/reset')) return reply(answers.reset ?? { message: 'SUCCESS' });
    if (url.endsWith('/api/login')) return reply(answers.login ?? { token: 'fresh-token' });
    throw new Error(`unexpected ${url}`);
  });
}

function bodyOf(path: string) {
  const call = fetchMock.mock.calls.find(([input]) => String(input) === path);
  return JSON.parse(String(call?.[1]?.body)) as unknown;
}

function renderPage(path = '/forgot-password') {
  return renderRoutes(
    [
      { path: '/forgot-password', element: <ForgotPasswordPage /> },
      { path: '/user', element: <p>member area</p> },
      { path: '/login', element: <p>login page</p> },
    ],
    path,
  );
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

async function throughCode(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Send code' }));
  const code = await screen.findByLabelText('One-time code');
  await user.type(code, '123456');
  await user.click(screen.getByRole('button', { name: 'Verify' }));
  return code;
}

// Three steps typed key by key: more than the default 5 s on a busy machine.
describe('ForgotPasswordPage', { timeout: 20_000 }, () => {
  it('goes phone → code → new password, then signs in with it', async () => {
    const user = userEvent.setup();
    serve({ verify: [{ refuse: 'OTP_CODE_INVALID', status: 400 }, { message: 'OTP_CODE_VALID' }] });
    renderPage('/forgot-password?phone=0812345678');
    expect(screen.getByLabelText('Phone number')).toHaveValue('0812345678');

    const code = await throughCode(user);
    expect(screen.getByText('Reference: QWER')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Send a new code in \d+ s/ })).toBeDisabled();
    await waitFor(() => expect(code).toHaveAccessibleDescription('The code is incorrect.'));
    expect(bodyOf('/api/account/password/forgot')).toEqual({ phoneNumber: '0812345678' });

    await user.clear(code);
    await user.type(code, '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    const password = await screen.findByLabelText('New password');
    expect(within(screen.getByRole('list', { name: 'Password reset steps' })).getByText('New password').closest('li')).toHaveAttribute(
      'aria-current',
      'step',
    );
    await user.type(password, 'new secret 1');
    await user.type(screen.getByLabelText('Confirm new password'), 'new secret 2');
    await user.click(screen.getByRole('button', { name: 'Save and sign in' }));
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('Confirm new password'), 'new secret 1');
    await user.click(screen.getByRole('button', { name: 'Save and sign in' }));

    expect(await screen.findByText('member area')).toBeInTheDocument();
    expect(bodyOf('/api/account/password/reset')).toEqual({ phoneNumber: '0812345678', otpToken: 'reset-token', password: 'new secret 1' });
    expect(bodyOf('/api/login')).toEqual({ username: '0812345678', password: 'new secret 1', isRemembered: false });
    expect(sessionStorage.getItem('token')).toBe('fresh-token');
  });

  it('shows a refused send at the phone field', async () => {
    const user = userEvent.setup();
    serve({ forgot: { refuse: 'REQUEST_LIMIT_1MIN', status: 429 } });
    renderPage();
    await user.type(screen.getByLabelText('Phone number'), '0812345678');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await waitFor(() => expect(screen.getByLabelText('Phone number')).toHaveAccessibleDescription('Please wait about 1 minute and try again.'));
  });

  it('starts over at the phone, saying why, when the verified code can no longer be used', async () => {
    const user = userEvent.setup();
    serve({ reset: { refuse: 'UNVERIFIED_OTP', status: 400 } });
    renderPage('/forgot-password?phone=0812345678');
    await throughCode(user);
    await user.type(await screen.findByLabelText('New password'), 'new secret 1');
    await user.type(screen.getByLabelText('Confirm new password'), 'new secret 1');
    await user.click(screen.getByRole('button', { name: 'Save and sign in' }));
    const phone = await screen.findByLabelText('Phone number');
    await waitFor(() => expect(phone).toHaveAccessibleDescription('This code can no longer be used. Please request a new one.'));
    expect(phone).toHaveValue('0812345678');
  });

  it('sends the member to /login with the phone when signing in afterwards fails', async () => {
    const user = userEvent.setup();
    serve({ login: { refuse: 'INACTIVE_USER', status: 403 } });
    const { router } = renderPage('/forgot-password?phone=0812345678');
    await throughCode(user);
    await user.type(await screen.findByLabelText('New password'), 'new secret 1');
    await user.type(screen.getByLabelText('Confirm new password'), 'new secret 1');
    await user.click(screen.getByRole('button', { name: 'Save and sign in' }));
    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?phone=0812345678');
  });
});
