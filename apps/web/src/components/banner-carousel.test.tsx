import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { act } from 'react';
import i18n from 'i18next';
import { BannerCarousel, BannerCarouselModal } from '@/components/banner-carousel';

const text = (en: string, th: string, la: string) => ({ th, la, en });
const banners = [
  { image: '/a.png', html: text('<p>One</p>', '<p>หนึ่ง</p>', '<p>ໜຶ່ງ</p>') },
  { image: '/b.png', html: text('', '', '') },
  { image: '', html: text('<p>Three</p>', '<p>สาม</p>', '<p>ສາມ</p>') },
];

describe('BannerCarousel', () => {
  it('shows every banner, moves with next and the dots, and hides the slides not in view from screen readers', async () => {
    const user = userEvent.setup();
    render(<BannerCarousel banners={banners} label="Welcome" emptyText="No picture" />);
    const slides = screen.getAllByTestId('banner-carousel-slide');
    expect(slides).toHaveLength(3);
    expect(slides[0]).not.toHaveAttribute('aria-hidden');
    expect(slides[1]).toHaveAttribute('aria-hidden', 'true');
    expect(within(slides[0]!).getByRole('img', { name: 'Welcome 1 / 3' })).toHaveAttribute('src', '/a.png');
    // A banner without a picture gets a placeholder, not a broken image.
    expect(within(slides[2]!).getByRole('img', { name: 'Welcome 3 / 3', hidden: true }).tagName).toBe('DIV');
    expect(await within(slides[0]!).findByText('One')).toBeInTheDocument();

    await user.click(screen.getByTestId('banner-carousel-next'));
    expect(slides[1]).not.toHaveAttribute('aria-hidden');
    await user.click(screen.getByRole('button', { name: '3 / 3' }));
    expect(slides[2]).not.toHaveAttribute('aria-hidden');
    expect(screen.getByTestId('banner-carousel-next')).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(slides[1]).not.toHaveAttribute('aria-hidden');
  });

  it("shows each banner's text in the member's language, and follows a change of language", async () => {
    render(<BannerCarousel banners={banners} label="Welcome" emptyText="No picture" />);
    expect(await screen.findByText('One')).toBeInTheDocument();
    await act(() => i18n.changeLanguage('th'));
    expect(await screen.findByText('หนึ่ง')).toBeInTheDocument();
    expect(screen.queryByText('One')).not.toBeInTheDocument();
    await act(() => i18n.changeLanguage('en'));
  });

  it('a single banner has no arrows or dots; none at all says so', () => {
    const { rerender } = render(<BannerCarousel banners={[banners[0]!]} label="Welcome" emptyText="No picture" />);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    rerender(<BannerCarousel banners={[]} label="Welcome" emptyText="No picture" />);
    expect(screen.getByText('No picture')).toBeInTheDocument();
  });

  it('the modal shows the carousel with what the caller adds', () => {
    render(
      <BannerCarouselModal isOpen onOpenChange={() => {}} title="Invite" banners={banners} label="Invite" emptyText="No picture" testId="invite-banners" footer={<button type="button">Go</button>}>
        <p>Extra text</p>
      </BannerCarouselModal>,
    );
    const modal = screen.getByTestId('invite-banners');
    expect(within(modal).getAllByTestId('invite-banners-carousel-slide')).toHaveLength(3);
    expect(within(modal).getByText('Extra text')).toBeInTheDocument();
    expect(within(modal).getByRole('button', { name: 'Go' })).toBeInTheDocument();
  });
});
