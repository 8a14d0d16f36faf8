import { LANGUAGES } from "@atrium/domain/entities/account";
import { Paper, Select, Stack, Switch } from "@mantine/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { updateUser } from "../../api/accounts";
import { type Me, meQueryKey } from "../../features/auth/use-me";
import { showToast } from "../../features/toast/toast";
import "../../i18n/areas/account";

type SwitchField = "searchable" | "hideContentLibrary" | "hideGroups" | "autoSave";

/** Yes/no settings that save as soon as they change (PATCH user). */
export function PreferenceSwitches({
  me,
  items,
  withLanguage = false,
}: {
  me: Me;
  items: { field: SwitchField; labelKey: string; hintKey: string }[];
  withLanguage?: boolean;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (patch: Partial<Record<SwitchField, boolean>> & { language?: string }) =>
      updateUser(me.userId, patch),
    onMutate: (patch) => {
      const previous = queryClient.getQueryData<Me>(meQueryKey);
      queryClient.setQueryData<Me>(meQueryKey, (current) =>
        current ? { ...current, ...patch } : current,
      );
      return { previous };
    },
    onError: (_error, _patch, context) => {
      queryClient.setQueryData(meQueryKey, context?.previous);
      showToast({ color: "red", message: t("accounts.settings.saveFailed") });
    },
    onSuccess: () => {
      showToast({ message: t("accounts.settings.saved"), autoClose: 1500 });
      void queryClient.invalidateQueries({ queryKey: ["profile", me.userId] });
    },
  });

  return (
    <Paper withBorder p={{ base: "md", sm: "lg" }}>
      <Stack gap="lg">
        {items.map((item) => (
          <Switch
            key={item.field}
            size="md"
            labelPosition="left"
            label={t(item.labelKey)}
            description={t(item.hintKey)}
            checked={me[item.field]}
            onLabel={t("common.yes")}
            offLabel={t("common.no")}
            onChange={(event) => save.mutate({ [item.field]: event.currentTarget.checked })}
            styles={{
              body: { justifyContent: "space-between" },
              labelWrapper: { flex: 1 },
              label: { fontWeight: 600 },
            }}
          />
        ))}
        {withLanguage && (
          <Select
            label={t("accounts.settings.language")}
            description={t("accounts.settings.languageHint")}
            data={LANGUAGES.map((code) => ({
              value: code,
              label: t(`accounts.languages.${code}`),
            }))}
            value={me.language}
            allowDeselect={false}
            onChange={(value) => value && save.mutate({ language: value })}
            maw={320}
          />
        )}
      </Stack>
    </Paper>
  );
}
