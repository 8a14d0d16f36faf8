import { MantineProvider } from "@mantine/core";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { i18n as I18n } from "i18next";
import type { ReactNode } from "react";
import { I18nextProvider } from "react-i18next";
import { ToastHost } from "../features/toast/ToastHost";
import { cssVariablesResolver, theme } from "./theme";

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // a 4xx answer will not change by asking again
        retry: (failureCount, error) =>
          failureCount < 2 &&
          !(
            error instanceof Error && /^4\d\d$/.test(String((error as { status?: number }).status))
          ),
      },
    },
  });
}

export function Providers({
  children,
  i18n,
  queryClient,
}: {
  children: ReactNode;
  i18n: I18n;
  queryClient: QueryClient;
}) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
          <ToastHost />
          {children}
        </MantineProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
