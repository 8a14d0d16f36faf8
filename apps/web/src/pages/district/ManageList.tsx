import { Alert, Loader, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import "./catalogue";

/**
 * The owner's Manage lists (slots, hosting requests, promotion): a loader, or what went wrong,
 * or the intro and the rows, or the intro and what an empty list means.
 */
export function ManageList<T>({
  pending,
  failed,
  items,
  intro,
  empty,
  testId,
  row,
  children,
}: {
  pending: boolean;
  failed: boolean;
  items: T[] | undefined;
  intro: string;
  empty: string;
  testId: string;
  row: (item: T, index: number) => ReactNode;
  /** Beside the rows: dialogs the rows open. */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  if (pending) return <Loader />;
  if (failed || !items) return <Alert color="red">{t("errors.somethingWentWrong")}</Alert>;
  return (
    <Stack gap="md" data-testid={testId}>
      <Text c="dimmed">{intro}</Text>
      {items.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          {empty}
        </Text>
      ) : (
        items.map(row)
      )}
      {children}
    </Stack>
  );
}
