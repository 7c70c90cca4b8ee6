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
  fetchMock.mockImplementation(async () => jsonResponse(agreement));
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
});
