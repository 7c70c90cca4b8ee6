import { Outlet, ScrollRestoration } from 'react-router';
import { Toaster } from 'sonner';
import { GlobalLoading } from '@/components/global-loading';
import { ChatProvider } from '@/features/chat/components/chat-provider';
import { useBrandTheme } from '@/app/shell/use-brand-theme';
import '@/app/shell/shell.css';

export function RootLayout() {
  useBrandTheme();
  return (
    <ChatProvider>
      <GlobalLoading />
      <Outlet />
      <Toaster position="top-center" richColors closeButton={false} offset={16} toastOptions={{ className: 'toast' }} />
      <ScrollRestoration />
    </ChatProvider>
  );
}

export function RouteFallback() {
  return (
    <div className="route-fallback" aria-hidden>
      <span className="spinner" />
    </div>
  );
}
