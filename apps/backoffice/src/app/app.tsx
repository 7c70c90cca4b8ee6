import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, useState } from 'react';
import { RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { createRouter } from '@/app/router';
import { ReauthProvider } from '@/components/reauth-provider';
import { isApiError, setSessionEndedHandler } from '@/lib/api-client';

function newQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 15_000,
        refetchOnWindowFocus: true,
        retry: (count, error) =>
          !(isApiError(error) && error.status >= 400 && error.status < 500) && count < 2,
      },
    },
  });
}

/** The whole back office: strict mode, the query cache, re-authentication, the router and the toasts. */
export function App() {
  const [queryClient] = useState(newQueryClient);
  const [router] = useState(() => {
    const created = createRouter();
    setSessionEndedHandler(() => {
      queryClient.clear();
      void created.navigate('/sign-in', { replace: true });
    });
    return created;
  });
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <ReauthProvider>
          <RouterProvider router={router} />
        </ReauthProvider>
        {/* Top centre: the page header's actions sit top right, the chat composer bottom right (docs/decisions/0014-back-office.md). */}
        <Toaster position="top-center" richColors closeButton />
      </QueryClientProvider>
    </StrictMode>
  );
}
