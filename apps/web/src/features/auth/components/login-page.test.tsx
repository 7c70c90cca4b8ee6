import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoginPage } from '@/features/auth/components/login-page';
import { endSessionByServer, storeToken } from '@/lib/session';
import { jsonResponse, renderRoutes } from '@/testing/render';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async () => jsonResponse({ terminated: null }));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function renderLogin(path = '/login') {
  return renderRoutes(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '/forgot-password', element: <p>forgot page</p> },
    ],
    path,
  );
}

describe('LoginPage', () => {
  it('says so once when the server ended the session, instead of just showing the form', async () => {
    storeToken('old', true);
    endSessionByServer();
    const view = renderLogin();
    expect(screen.getByTestId('session-ended')).toHaveTextContent('Your session has ended. To keep your account safe, please sign in again.');
    expect(screen.getByRole('status')).toHaveTextContent('You were signed out');

    view.unmount();
    renderLogin();
    expect(screen.queryByTestId('session-ended')).not.toBeInTheDocument();
  });

  it('shows no notice to a visitor', () => {
    renderLogin();
    expect(screen.queryByTestId('session-ended')).not.toBeInTheDocument();
  });

  it('fills in the phone from ?phone (sign in instead)', () => {
    renderLogin('/login?phone=0812345678');
    expect(screen.getByLabelText('Phone number')).toHaveValue('0812345678');
  });

  it('leads to /forgot-password with the phone typed so far', async () => {
    const user = userEvent.setup();
    const { router } = renderLogin();
    const link = screen.getByRole('link', { name: 'Forgot password?' });
    expect(link).toHaveAttribute('href', '/forgot-password');
    await user.type(screen.getByLabelText('Phone number'), '0812345678');
    expect(link).toHaveAttribute('href', '/forgot-password?phone=0812345678');
    await user.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/forgot-password'));
    expect(router.state.location.search).toBe('?phone=0812345678');
  });
});
