import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LoginForm } from '@/features/auth/components/login-form';
import { ApiError } from '@/lib/api-client';
import { renderWithProviders } from '@/testing/render';

const schemaLoaded = vi.hoisted(() => vi.fn());
vi.mock('@/features/auth/components/login-form-schema', async (original) => {
  schemaLoaded();
  return original();
});

describe('LoginForm', () => {
  // Runs first: the schema module is loaded once per file.
  it('loads its validation on the first touch of the page, not with the form', async () => {
    const user = userEvent.setup();
    renderWithProviders(<LoginForm onSubmit={vi.fn()} />);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(schemaLoaded).not.toHaveBeenCalled();
    await user.click(screen.getByLabelText('Phone number'));
    await waitFor(() => expect(schemaLoaded).toHaveBeenCalledTimes(1));
  });

  it('shows a failed sign-in under the form, translated, and clears it on typing', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn().mockRejectedValue(new ApiError('WRONG_CREDENTIAL', 401));
    renderWithProviders(<LoginForm onSubmit={onSubmit} />);

    await user.type(screen.getByLabelText('Phone number'), '0812345678');
    await user.type(screen.getByLabelText('Password'), 'wrong-pass');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Wrong phone number or password.');
    expect(onSubmit).toHaveBeenCalledWith({ username: '0812345678', password: 'wrong-pass', isRemembered: false });

    await user.type(screen.getByLabelText('Password'), 'x');
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });

  it('passes remember-me through', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn().mockResolvedValue(undefined);
    renderWithProviders(<LoginForm onSubmit={onSubmit} />);

    await user.type(screen.getByLabelText('Phone number'), '0812345678');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.click(screen.getByRole('checkbox', { name: 'Remember me' }));
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ username: '0812345678', password: 'secret123', isRemembered: true }));
  });

  it('checks the phone with the shared schema before calling the server', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    renderWithProviders(<LoginForm onSubmit={onSubmit} />);

    await user.type(screen.getByLabelText('Phone number'), '12345');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('The phone number must be 10 digits.')).toBeInTheDocument();
    expect(screen.getByLabelText('Phone number')).toHaveAttribute('aria-invalid', 'true');
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
