import type { CmsCollection, MarkdownPreviewResult } from "@atrium/domain/entities/cms";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../api/client";

export type AdminRecord = Record<string, unknown> & { id: string | number; revision: number };

const base = "/cms/api/admin";
export const adminListKey = (collection: CmsCollection) => ["cms-admin", collection] as const;

export function useAdminList(collection: CmsCollection, enabled: boolean) {
  return useQuery({
    queryKey: adminListKey(collection),
    queryFn: ({ signal }) => api<AdminRecord[]>(`${base}/${collection}`, { signal }),
    enabled,
  });
}

/** Every write refreshes the admin list and the public content the site shows. */
export function useAdminWrite(collection: CmsCollection) {
  const queryClient = useQueryClient();
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: adminListKey(collection) });
    await queryClient.invalidateQueries({ queryKey: ["api"] });
  };
  const save = useMutation({
    mutationFn: ({
      id,
      revision,
      input,
    }: {
      id?: string | number;
      revision?: number;
      input: Record<string, unknown>;
    }) =>
      id === undefined
        ? api<AdminRecord>(`${base}/${collection}`, { method: "POST", body: input })
        : api<AdminRecord>(`${base}/${collection}/${encodeURIComponent(String(id))}`, {
            method: "PUT",
            body: { ...input, revision },
          }),
    onSuccess: refresh,
  });
  const publish = useMutation({
    mutationFn: ({ id, published }: { id: string | number; published: boolean }) =>
      api<AdminRecord>(
        `${base}/${collection}/${encodeURIComponent(String(id))}/${published ? "publish" : "unpublish"}`,
        {
          method: "POST",
        },
      ),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: string | number) =>
      api<void>(`${base}/${collection}/${encodeURIComponent(String(id))}`, { method: "DELETE" }),
    onSuccess: refresh,
  });
  return { save, publish, remove };
}

export function previewMarkdown(markdown: string) {
  return api<MarkdownPreviewResult>(`${base}/preview`, { method: "POST", body: { markdown } });
}
