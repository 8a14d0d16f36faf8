import { PAGE_SIZE_DEFAULT } from "@atrium/domain/constants";
import { Alert, Button, Loader, SimpleGrid, Stack, Text } from "@mantine/core";
import { type QueryKey, useInfiniteQuery } from "@tanstack/react-query";
import { type ReactNode, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import "./catalogue";

export interface InfiniteListProps<T> {
  /** A new key (other filters) starts again at page 0. */
  queryKey: QueryKey;
  fetchPage: (cp: number, ipp: number, signal: AbortSignal) => Promise<T[]>;
  keyOf: (item: T) => string;
  render: (item: T) => ReactNode;
  view?: "grid" | "list";
  empty: ReactNode;
  ipp?: number;
  enabled?: boolean;
}

/**
 * Pages of cards loaded while scrolling (spec 2 §7.5): a sentinel under the list asks for the
 * next page when it comes into view, and stops for good on an empty or short page or an error
 * (a retry button then). A change of filters is a new query key: it starts again at page 0.
 */
export function InfiniteList<T>({
  queryKey,
  fetchPage,
  keyOf,
  render,
  view = "grid",
  empty,
  ipp = PAGE_SIZE_DEFAULT,
  enabled = true,
}: InfiniteListProps<T>) {
  const { t } = useTranslation();
  const pages = useInfiniteQuery({
    queryKey: [...queryKey, ipp],
    enabled,
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) => fetchPage(pageParam, ipp, signal),
    getNextPageParam: (last, all) => (last.length < ipp ? undefined : all.length),
    retry: false,
  });
  const { hasNextPage, isFetchingNextPage, fetchNextPage, isError } = pages;
  const sentinel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const target = sentinel.current;
    if (!target || !hasNextPage || isError) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting) && !isFetchingNextPage)
          void fetchNextPage();
      },
      { rootMargin: "400px 0px" },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, isError]);

  const items = pages.data?.pages.flat() ?? [];
  return (
    <Stack gap="lg">
      {pages.isPending && enabled ? (
        <Loader mx="auto" my="xl" aria-label={t("common.loading")} />
      ) : null}
      {!pages.isPending && items.length === 0 && !isError ? empty : null}
      {items.length > 0 ? (
        view === "grid" ? (
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="lg" data-testid="space-grid">
            {items.map((item) => (
              <div key={keyOf(item)}>{render(item)}</div>
            ))}
          </SimpleGrid>
        ) : (
          <Stack gap="md" data-testid="space-list">
            {items.map((item) => (
              <div key={keyOf(item)}>{render(item)}</div>
            ))}
          </Stack>
        )
      ) : null}
      {isError ? (
        <Alert color="red" title={t("spaces.loadFailed")}>
          <Button size="xs" variant="light" onClick={() => void pages.refetch()}>
            {t("spaces.retry")}
          </Button>
        </Alert>
      ) : null}
      {isFetchingNextPage ? (
        <Text c="dimmed" ta="center" size="sm">
          {t("spaces.loadingMore")}
        </Text>
      ) : null}
      <div ref={sentinel} data-testid="infinite-sentinel" style={{ height: 1 }} />
    </Stack>
  );
}
