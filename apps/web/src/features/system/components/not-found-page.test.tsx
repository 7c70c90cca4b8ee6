import { screen } from '@testing-library/react';
import i18n from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NotFoundPage } from '@/features/system/components/not-found-page';
import { jsonResponse, renderWithProviders } from '@/testing/render';

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('NotFoundPage', () => {
  it.each([
    ['th', 'หน้าที่คุณค้นหาไม่มีอยู่หรือถูกย้ายไปแล้ว'],
    ['la', 'ໜ້າທີ່ທ່ານຊອກຫາບໍ່ມີຢູ່ ຫຼື ຖືກຍ້າຍໄປແລ້ວ'],
    ['en', 'The page you are looking for does not exist or has moved.'],
  ])('reads "Page Not Found" in %s, with the translated line below it', async (locale, line) => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse({ message: 'NOT_FOUND' }, 404)));
    await i18n.changeLanguage(locale);
    renderWithProviders(<NotFoundPage />, '/no/such/page');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(/^Page Not Found$/);
    expect(screen.getByTestId('not-found-line')).toHaveTextContent(line);
  });
});
