import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { GlobalLoading } from '@/components/global-loading';
import { ChatProvider } from '@/features/chat/components/chat-provider';
import { useBrandTheme } from '@/app/shell/use-brand-theme';
import '@/app/shell/shell.css';

// Toasts follow a member's action: the toast library loads beside the first page, not before it.
const Toaster = lazy(async () => ({ default: (await import('sonner')).Toaster }));

export function RootLayout() {
  useBrandTheme();
  return (
    <ChatProvider>
      <GlobalLoading />
      <Outlet />
      <Toasts />
      <ScrollRestoration />
    </ChatProvider>
  );
}

/**
 * Mounted after the first commit: the server draws no toasts, and a boundary still loading on the server would make
 * React render it anew, with an error report, in the page it hydrates (docs/decisions/0017-first-load.md).
 */
function Toasts() {
  const [isMounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  if (!isMounted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster position="top-center" richColors closeButton={false} offset={16} toastOptions={{ className: 'toast' }} />
    </Suspense>
  );
}

export function RouteFallback() {
  return (
    <div className="route-fallback" aria-hidden>
      <span className="spinner" />
    </div>
  );
}
