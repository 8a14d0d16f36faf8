import { type CmsCollection, PUBLISHABLE_COLLECTIONS } from "@atrium/domain/entities/cms";
import { Badge, Button, Group, Modal, Table, Text } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../api/client";
import { PageLoading, PageMessage } from "../../features/content/PageState";
import { type AdminRecord, useAdminList, useAdminWrite } from "./admin-api";
import { entryTitle } from "./admin-fields";
import { EntryEditor } from "./EntryEditor";

/** One collection: its entries with their state, and the actions on each. */
export function CollectionPanel({ collection }: { collection: CmsCollection }) {
  const { t } = useTranslation();
  const { data: entries, isPending, isError } = useAdminList(collection, true);
  const { publish, remove } = useAdminWrite(collection);
  const [editing, setEditing] = useState<AdminRecord | "new" | null>(null);
  const [deleting, setDeleting] = useState<AdminRecord | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const publishable = (PUBLISHABLE_COLLECTIONS as readonly string[]).includes(collection);

  const act = async (action: () => Promise<unknown>) => {
    setProblem(null);
    try {
      await action();
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : t("admin.failed"));
    }
  };

  if (isPending) return <PageLoading />;
  if (isError) return <PageMessage message={t("admin.failed")} />;

  return (
    <>
      <Group justify="space-between" mb="md">
        <Text c="dimmed">{t("admin.count", { count: entries.length })}</Text>
        <Button onClick={() => setEditing("new")}>{t("admin.create")}</Button>
      </Group>
      {problem && (
        <Text c="red" mb="md" role="alert">
          {problem}
        </Text>
      )}
      <Table striped highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("admin.name")}</Table.Th>
            {collection === "articles" && <Table.Th>{t("admin.fields.kind")}</Table.Th>}
            {publishable && <Table.Th>{t("admin.state")}</Table.Th>}
            <Table.Th>{t("admin.updated")}</Table.Th>
            <Table.Th aria-label={t("admin.actions")} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry) => (
            <Table.Tr key={String(entry.id)}>
              <Table.Td>{entryTitle(collection, entry) || t("content.untitled")}</Table.Td>
              {collection === "articles" && <Table.Td>{String(entry.kind)}</Table.Td>}
              {publishable && (
                <Table.Td>
                  <Badge color={entry.published ? "green" : "gray"} variant="light">
                    {entry.published ? t("admin.published") : t("admin.draft")}
                  </Badge>
                </Table.Td>
              )}
              <Table.Td>{String(entry.updatedAt ?? "").slice(0, 10)}</Table.Td>
              <Table.Td>
                <Group gap="xs" justify="flex-end" wrap="nowrap">
                  <Button size="xs" variant="light" onClick={() => setEditing(entry)}>
                    {t("admin.edit")}
                  </Button>
                  {publishable && (
                    <Button
                      size="xs"
                      variant="default"
                      onClick={() =>
                        act(() =>
                          publish.mutateAsync({ id: entry.id, published: !entry.published }),
                        )
                      }
                    >
                      {entry.published ? t("admin.unpublish") : t("admin.publish")}
                    </Button>
                  )}
                  <Button size="xs" color="red" variant="subtle" onClick={() => setDeleting(entry)}>
                    {t("admin.delete")}
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>

      {editing && (
        <EntryEditor
          collection={collection}
          entry={editing === "new" ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}

      <Modal
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t("admin.deleteTitle")}
        centered
      >
        <Text mb="lg">
          {t("admin.deleteText", { name: deleting ? entryTitle(collection, deleting) : "" })}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setDeleting(null)}>
            {t("common.no")}
          </Button>
          <Button
            color="red"
            onClick={() => {
              const target = deleting;
              setDeleting(null);
              if (target) void act(() => remove.mutateAsync(target.id));
            }}
          >
            {t("common.yes")}
          </Button>
        </Group>
      </Modal>
    </>
  );
}
