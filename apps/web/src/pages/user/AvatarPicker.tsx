import { SimpleGrid, Text, UnstyledButton } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { listAvatars } from "../../api/accounts";
import "../../i18n/areas/account";

/** The avatar service's figures to choose from (the 3D viewer walks the chosen one). */
export function AvatarPicker({
  value,
  onChange,
}: {
  value: string | null;
  onChange: (avatarId: string | null) => void;
}) {
  const { t } = useTranslation();
  const avatars = useQuery({ queryKey: ["avatars"], queryFn: listAvatars, staleTime: Infinity });
  return (
    <div role="radiogroup" aria-label={t("accounts.profile.avatar")}>
      <SimpleGrid cols={{ base: 4, xs: 5 }} spacing="xs">
        {(avatars.data ?? []).map((avatar) => {
          const selected = avatar.avatarId === value;
          return (
            <UnstyledButton
              key={avatar.avatarId}
              role="radio"
              aria-checked={selected}
              aria-label={avatar.name}
              onClick={() => onChange(selected ? null : avatar.avatarId)}
              style={{
                borderRadius: 16,
                outline: selected
                  ? "3px solid var(--mantine-color-atrium-6)"
                  : "1px solid var(--mantine-color-gray-3)",
                overflow: "hidden",
                textAlign: "center",
              }}
            >
              <img
                src={avatar.thumbnailUrl}
                alt=""
                width="100%"
                style={{ display: "block", aspectRatio: "1" }}
              />
              <Text size="xs" py={2}>
                {avatar.name}
              </Text>
            </UnstyledButton>
          );
        })}
      </SimpleGrid>
    </div>
  );
}
