import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HowtoPage } from '@/features/howto/components/howto-page';
import { changeLocale } from '@/lib/i18n';
import { jsonResponse, renderWithProviders } from '@/testing/render';

const token = (c: string) => c.repeat(43);
const file = (c: string) => ({
  url: `/api/files/howto/${token(c)}.mp4`,
  posterUrl: `/api/files/howto/${token(c)}.jpg`,
});
const none = { url: '', posterUrl: '' };
const topics = (wallet: { url: string; posterUrl: string }) => ({
  wallet,
  play: { url: 'https://www.youtube.com/embed/play', posterUrl: '' },
  balance: none,
  bonus: none,
  bonusCancel: none,
});

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) => {
    if (String(input) === '/api/lookup/howto')
      return jsonResponse({
        videos: { th: topics(file('t')), la: topics(file('l')), en: topics(file('e')) },
      });
    return jsonResponse({ message: 'NOT_FOUND' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  act(() => changeLocale('en'));
});

describe('HowtoPage', () => {
  it('plays an uploaded video in a <video> of the page language, an address in an iframe after a tap', async () => {
    act(() => changeLocale('en'));
    const user = userEvent.setup();
    renderWithProviders(<HowtoPage />);
    const video = await screen.findByTestId('howto-video-wallet');
    expect(video).toHaveAttribute('src', file('e').url);
    expect(video).toHaveAttribute('poster', file('e').posterUrl);
    expect(video).toHaveAttribute('preload', 'none');
    expect(video).not.toHaveAttribute('controls');
    // No player of a video site until the member asks for it.
    expect(document.querySelector('iframe')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Play video: How to play' }));
    expect(document.querySelector('iframe')).toHaveAttribute(
      'src',
      'https://www.youtube.com/embed/play',
    );
    // A video never set is said to be unavailable.
    expect(screen.getAllByText('Video not available yet')).toHaveLength(3);

    // Switching the language switches the videos.
    act(() => changeLocale('la'));
    expect(await screen.findByTestId('howto-video-wallet')).toHaveAttribute('src', file('l').url);
    act(() => changeLocale('th'));
    expect(await screen.findByTestId('howto-video-wallet')).toHaveAttribute('src', file('t').url);
  });

  it('starts the video from its play button and then shows the browser controls', async () => {
    act(() => changeLocale('en'));
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    const user = userEvent.setup();
    renderWithProviders(<HowtoPage />);
    const video = await screen.findByTestId('howto-video-wallet');
    const card = video.closest('article')!;
    await user.click(within(card).getByRole('button', { name: 'Play video: Using your wallet' }));
    expect(play).toHaveBeenCalledTimes(1);
    expect(video).toHaveAttribute('controls');
    expect(within(card).queryByRole('button')).toBeNull();
  });
});
