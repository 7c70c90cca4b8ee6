import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AgreementModal } from '@/features/agreement/components/agreement-modal';
import { shouldShowAgreement } from '@/features/agreement/hooks/agreement-gate';
import { jsonResponse, renderWithProviders } from '@/testing/render';

const agreement = {
  version: '2025-01',
  title: { th: 'ข้อตกลง', la: 'ຂໍ້ຕົກລົງ', en: 'Member agreement v2' },
  html: { th: '<p>ข้อความ</p>', la: '<p>ຂໍ້ຄວາມ</p>', en: '<p>Play fair.</p><img src=x onerror="alert(1)">' },
};

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: false, toFake: ['setTimeout', 'clearTimeout'] });
  fetchMock.mockReset();
  // The member's stored acceptance cannot be read here: the device's memory decides (the fallback).
  fetchMock.mockImplementation(async (input) =>
    String(input).endsWith('/api/account/agreement')
      ? jsonResponse({ message: 'SERVICE_UNAVAILABLE' }, 503)
      : jsonResponse(agreement),
  );
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

describe('shouldShowAgreement', () => {
  it('shows unless the current version was accepted', () => {
    expect(shouldShowAgreement(null, '2025-01')).toBe(true);
    expect(shouldShowAgreement('2024-12', '2025-01')).toBe(true);
    expect(shouldShowAgreement('2025-01', '2025-01')).toBe(false);
    expect(shouldShowAgreement(null, undefined)).toBe(false);
  });
});

describe('AgreementModal', () => {
  it('appears 1.5 s after home shows, and accepting remembers the version', async () => {
    renderWithProviders(<AgreementModal />);
    await advance(1400);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await advance(100);
    const dialog = screen.getByRole('dialog', { name: 'Member agreement v2' });
    expect(document.body).toHaveStyle({ overflow: 'hidden' });

    vi.useRealTimers();
    expect(await within(dialog).findByText('Play fair.')).toBeInTheDocument();
    expect(dialog.querySelector('img')?.getAttribute('onerror')).toBeFalsy();
    await userEvent.click(screen.getByRole('button', { name: 'I agree' }));
    expect(localStorage.getItem('remember-agreement')).toBe('2025-01');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('stays closed when this version was already accepted', async () => {
    localStorage.setItem('remember-agreement', '2025-01');
    renderWithProviders(<AgreementModal />);
    await advance(3000);
    expect(fetchMock).toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows again when a newer version is published', async () => {
    localStorage.setItem('remember-agreement', '2024-06');
    renderWithProviders(<AgreementModal />);
    await advance(1500);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  describe('with the member’s acceptance stored on the server', () => {
    const status = (acceptedVersion: string | null) => ({
      version: '2025-01',
      acceptedVersion,
      isAcceptRequired: acceptedVersion !== '2025-01',
    });
    const answer = (acceptedVersion: string | null) => async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.endsWith('/api/account/agreement')) {
        const body = init?.body ? (JSON.parse(String(init.body)) as { version: string }) : null;
        return jsonResponse(status(body ? body.version : acceptedVersion));
      }
      return jsonResponse(agreement);
    };

    it('stays closed on a new device when the member accepted this version elsewhere', async () => {
      fetchMock.mockImplementation(answer('2025-01'));
      renderWithProviders(<AgreementModal />);
      await advance(3000);
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });

    it('opens for a new version and records the acceptance on the server', async () => {
      localStorage.setItem('remember-agreement', '2024-06');
      fetchMock.mockImplementation(answer('2024-06'));
      renderWithProviders(<AgreementModal />);
      await advance(1500);
      expect(screen.getByRole('dialog')).toBeInTheDocument();
      vi.useRealTimers();
      await userEvent.click(screen.getByRole('button', { name: 'I agree' }));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
      expect(String(post?.[0])).toContain('/api/account/agreement');
      expect(JSON.parse(String(post?.[1]?.body))).toEqual({ version: '2025-01' });
    });

    it('tells the server of a version this device accepted before, without asking again', async () => {
      localStorage.setItem('remember-agreement', '2025-01');
      fetchMock.mockImplementation(answer(null));
      renderWithProviders(<AgreementModal />);
      await advance(3000);
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      const posts = fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
      expect(posts).toHaveLength(1);
      expect(JSON.parse(String(posts[0]?.[1]?.body))).toEqual({ version: '2025-01' });
    });
  });
});
