import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RegisterPage } from '@/features/register/components/register-page';
import { jsonResponse, renderRoutes } from '@/testing/render';

const banks = [
  { code: 'KTB', nameTH: 'ธนาคารกรุงไทย', nameEN: 'Krungthai Bank', country: 'TH', isEnglishNameRequired: true },
  { code: 'SCB', nameTH: 'ธนาคารไทยพาณิชย์', nameEN: 'Siam Commercial Bank', country: 'TH', isEnglishNameRequired: false },
];
const sources = [{ code: 'FB', description: { th: 'เฟซบุ๊ก', la: 'ເຟສບຸກ', en: 'Facebook' } }];

/** An answer of the server: a body (200) or a refusal code with its status. */
type Answer = unknown | { refuse: string; status: number };

type Answers = { registerOtp: boolean; send?: Answer; verify?: Answer; validate?: Answer };

const fetchMock = vi.fn<typeof fetch>();

function answer(value: Answer) {
  if (value && typeof value === 'object' && 'refuse' in value) {
    const { refuse, status } = value as { refuse: string; status: number };
    return jsonResponse({ message: refuse }, status);
  }
  return jsonResponse(value);
}

function serve({ registerOtp, send, verify = { message: 'OTP_CODE_VALID' }, validate = { message: 'OK' } }: Answers) {
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url.endsWith('/api/lookup/registerOTP')) return jsonResponse({ enabled: registerOtp });
    if (url.endsWith('/api/lookup/banks')) return jsonResponse(banks);
    if (url.endsWith('/api/lookup/sources')) return jsonResponse(sources);
    if (url.endsWith('/api/otp/send')) return answer(send);
    if (url.endsWith('/api/otp/verify')) return answer(verify);
    if (url.endsWith('/api/account/validate')) return answer(validate);
    if (url.endsWith('/api/account')) return jsonResponse({ message: 'SUCCESS', _id: 'A1' });
    if (url.endsWith('/api/login')) return jsonResponse({ token: 'new-member-token' });
    throw new Error(`unexpected ${init?.method} ${url}`);
  });
}

function calledPaths() {
  return fetchMock.mock.calls.map(([input]) => String(input));
}

function renderRegister(path = '/register') {
  return renderRoutes(
    [
      { path: '/register', element: <RegisterPage /> },
      { path: '/login', element: <p>login page</p> },
      { path: '/user/home', element: <p>member home</p> },
    ],
    path,
  );
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

async function enterPhone(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Phone number'), '0812345678');
  await user.click(screen.getByRole('button', { name: 'Continue' }));
}

// Whole wizards typed key by key, and the spec's 2 s redirect: more than the default 5 s on a busy machine.
describe('RegisterPage', { timeout: 20_000 }, () => {
  it('asks for the code and shows its reference when one was sent', async () => {
    const user = userEvent.setup();
    serve({ registerOtp: true, send: { code: 'OK', otpRef: 'QWER', otpToken: 't1' } });
    renderRegister();
    await enterPhone(user);

    expect(await screen.findByLabelText('One-time code')).toBeInTheDocument();
    expect(screen.getByText('Reference: QWER')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Send a new code in \d+ s/ })).toBeDisabled();
    expect(within(screen.getByRole('list', { name: 'Registration steps' })).getByText('Verify').closest('li')).toHaveAttribute('aria-current', 'step');
  });

  it('sends the verified code’s token with the registration', async () => {
    const user = userEvent.setup();
    serve({ registerOtp: true, send: { code: 'OK', otpRef: 'QWER', otpToken: 't1' } });
    renderRegister();
    await enterPhone(user);
    await user.type(await screen.findByLabelText('One-time code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    await user.type(await screen.findByLabelText('Name'), 'Somchai');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.type(screen.getByLabelText('Confirm password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByRole('option', { name: 'Siam Commercial Bank' })).toBeInTheDocument());
    await user.selectOptions(screen.getByLabelText('Bank'), 'SCB');
    await user.type(screen.getByLabelText('First name'), 'somchai');
    await user.type(screen.getByLabelText('Last name'), 'jaidee');
    await user.type(screen.getByLabelText('Account number'), '1234567890');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    await waitFor(() => expect(calledPaths()).toContain('/api/account'));
    for (const path of ['/api/account/validate', '/api/account']) {
      const call = fetchMock.mock.calls.find(([input]) => String(input) === path);
      expect(JSON.parse(String(call?.[1]?.body))).toMatchObject({ username: '0812345678', otpToken: 't1' });
    }
  });

  it('keeps the verification when the member goes back to the phone step: the send carries the verified token', async () => {
    const user = userEvent.setup();
    serve({ registerOtp: true, send: { code: 'OK', otpRef: 'QWER', otpToken: 't1' } });
    renderRegister();
    await enterPhone(user);
    await user.type(await screen.findByLabelText('One-time code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await screen.findByLabelText('Name');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await user.click(await screen.findByRole('button', { name: 'Continue' }));

    await waitFor(() => expect(calledPaths().filter((path) => path === '/api/otp/send')).toHaveLength(2));
    const sends = fetchMock.mock.calls.filter(([input]) => String(input) === '/api/otp/send');
    expect(JSON.parse(String(sends[0]?.[1]?.body))).toEqual({ phoneNumber: '0812345678' });
    expect(JSON.parse(String(sends[1]?.[1]?.body))).toEqual({ phoneNumber: '0812345678', otpToken: 't1' });
  });

  it('skips the code step when the send answer is OTP_VERIFIED', async () => {
    const user = userEvent.setup();
    serve({ registerOtp: true, send: { code: 'OTP_VERIFIED' } });
    renderRegister();
    await enterPhone(user);

    expect(await screen.findByLabelText('Name')).toBeInTheDocument();
    expect(screen.queryByLabelText('One-time code')).not.toBeInTheDocument();
    expect(calledPaths()).toContain('/api/otp/send');
  });

  it('skips the code step without sending one when the option is disabled', async () => {
    const user = userEvent.setup();
    serve({ registerOtp: false });
    renderRegister();
    await enterPhone(user);

    expect(await screen.findByLabelText('Name')).toBeInTheDocument();
    expect(calledPaths()).not.toContain('/api/otp/send');
  });

  it('checks that the passwords match', async () => {
    const user = userEvent.setup();
    serve({ registerOtp: false });
    renderRegister();
    await enterPhone(user);

    await user.type(await screen.findByLabelText('Name'), 'Somchai');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.type(screen.getByLabelText('Confirm password'), 'secret124');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
  });

  it('keeps the invite code from ?code, read-only, upper-cases names, needs English for KTB, then creates the account', async () => {
    const user = userEvent.setup();
    serve({ registerOtp: false });
    renderRegister('/register?code=PR123');
    expect(localStorage.getItem('invite-code')).toBe('PR123');
    await enterPhone(user);

    await user.type(await screen.findByLabelText('Name'), 'Somchai');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.type(screen.getByLabelText('Confirm password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Next' }));

    const invite = await screen.findByLabelText(/Invite code/);
    expect(invite).toHaveValue('PR123');
    expect(invite).toHaveAttribute('readonly');

    await waitFor(() => expect(screen.getByRole('option', { name: 'Krungthai Bank' })).toBeInTheDocument());
    await user.selectOptions(screen.getByLabelText('Bank'), 'KTB');
    await user.type(screen.getByLabelText('First name'), 'สมชาย');
    await user.type(screen.getByLabelText('Last name'), 'jaidee');
    expect(screen.getByLabelText('Last name')).toHaveValue('JAIDEE');
    await user.type(screen.getByLabelText('Account number'), '1234567890');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(screen.getByLabelText('First name')).toHaveAccessibleDescription('English only'));
    expect(screen.getByLabelText('Last name')).not.toHaveAttribute('aria-invalid');
    expect(calledPaths()).not.toContain('/api/account');

    await user.clear(screen.getByLabelText('First name'));
    await user.type(screen.getByLabelText('First name'), 'somchai');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    await waitFor(() => expect(calledPaths()).toContain('/api/account'));
    const validateIndex = calledPaths().indexOf('/api/account/validate');
    expect(validateIndex).toBeGreaterThan(-1);
    expect(validateIndex).toBeLessThan(calledPaths().indexOf('/api/account'));
    const body = JSON.parse(String(fetchMock.mock.calls.find(([input]) => String(input) === '/api/account')![1]?.body));
    expect(body).toEqual({
      name: 'Somchai',
      username: '0812345678',
      password: 'secret123',
      inviteCode: 'PR123',
      bankCode: 'KTB',
      bankAccountName: 'SOMCHAI JAIDEE',
      bankAccountNo: '1234567890',
      currency: 'BAHT',
    });
  });

  it('shows a taken phone at the phone field and offers to sign in with it instead', async () => {
    const user = userEvent.setup();
    serve({ registerOtp: true, send: { refuse: 'EXISTING_USER', status: 409 } });
    renderRegister();
    await enterPhone(user);

    const phone = screen.getByLabelText('Phone number');
    await waitFor(() => expect(phone).toHaveAccessibleDescription(/This phone number is already registered\./));
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('link', { name: 'Sign in instead' })).toHaveAttribute('href', '/login?phone=0812345678');

    // Another phone: the offer goes away with the error.
    await user.clear(phone);
    await user.type(phone, '0899999999');
    expect(screen.queryByRole('link', { name: 'Sign in instead' })).not.toBeInTheDocument();
  });

  it('shows a wrong code at the code field', async () => {
    const user = userEvent.setup();
    serve({ registerOtp: true, send: { code: 'OK', otpRef: 'QWER', otpToken: 't1' }, verify: { refuse: 'OTP_CODE_INVALID', status: 400 } });
    renderRegister();
    await enterPhone(user);
    const code = await screen.findByLabelText('One-time code');
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(code).toHaveAccessibleDescription('The code is incorrect.'));
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(within(screen.getByRole('list', { name: 'Registration steps' })).getByText('Verify').closest('li')).toHaveAttribute('aria-current', 'step');
  });

  async function fillProfileAndBank(user: ReturnType<typeof userEvent.setup>) {
    await user.type(await screen.findByLabelText('Name'), 'Somchai');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.type(screen.getByLabelText('Confirm password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByRole('option', { name: 'Siam Commercial Bank' })).toBeInTheDocument());
    await user.selectOptions(screen.getByLabelText('Bank'), 'SCB');
    await user.type(screen.getByLabelText('First name'), 'somchai');
    await user.type(screen.getByLabelText('Last name'), 'jaidee');
    await user.type(screen.getByLabelText('Account number'), '1234567890');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
  }

  it('shows a bank account in use at the account number field', async () => {
    const user = userEvent.setup();
    serve({ registerOtp: false, validate: { refuse: 'EXISTING_BANK', status: 409 } });
    renderRegister();
    await enterPhone(user);
    await fillProfileAndBank(user);
    const accountNo = screen.getByLabelText('Account number');
    await waitFor(() => expect(accountNo).toHaveAccessibleDescription('This bank account is already in use.'));
    expect(screen.getByLabelText('Bank')).not.toHaveAttribute('aria-invalid');
    expect(calledPaths()).not.toContain('/api/account');
  });

  it('shows a phone taken meanwhile under the form, with sign in instead', async () => {
    const user = userEvent.setup();
    serve({ registerOtp: false, validate: { refuse: 'EXISTING_USER', status: 409 } });
    renderRegister();
    await enterPhone(user);
    await fillProfileAndBank(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('This phone number is already registered.');
    expect(screen.getByRole('link', { name: 'Sign in instead' })).toHaveAttribute('href', '/login?phone=0812345678');
  });

  it('signs the new member in with the chosen password and opens the member area after 2 s', async () => {
    const user = userEvent.setup();
    serve({ registerOtp: false });
    renderRegister();
    await enterPhone(user);
    await fillProfileAndBank(user);

    expect(await screen.findByText('member home', {}, { timeout: 4000 })).toBeInTheDocument();
    const login = fetchMock.mock.calls.find(([input]) => String(input) === '/api/login');
    expect(JSON.parse(String(login?.[1]?.body))).toEqual({ username: '0812345678', password: 'secret123', isRemembered: false });
    expect(sessionStorage.getItem('token')).toBe('new-member-token');
    expect(calledPaths().indexOf('/api/account')).toBeLessThan(calledPaths().indexOf('/api/login'));
  });
});
