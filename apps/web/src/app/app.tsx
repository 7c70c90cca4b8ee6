import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { queryClient } from '@/app/query-client';
import { createAppRouter } from '@/app/router';
import { AlertProvider } from '@/components/alert-provider';

/** `router`: one made before the first render (main.tsx), so the page's chunks are already loading. */
export function App({ router: madeEarlier }: { router?: ReturnType<typeof createAppRouter> }) {
  const [router] = useState(() => madeEarlier ?? createAppRouter());
  return (
    <QueryClientProvider client={queryClient}>
      <AlertProvider>
        <RouterProvider router={router} />
      </AlertProvider>
    </QueryClientProvider>
  );
}
