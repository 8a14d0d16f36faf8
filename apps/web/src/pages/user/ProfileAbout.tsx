import type { PublicProfile } from "@atrium/domain";
import { Anchor, Group, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import "../../i18n/areas/account";

/** The profile's details (spec 2 §3.6): bio and the fields the person filled in. */
export function ProfileAbout({ profile }: { profile: PublicProfile }) {
  const { t } = useTranslation();
  const details = (
    [
      ["city", profile.city],
      ["country", profile.country],
      ["occupation", profile.occupation],
      ["gender", profile.gender],
      ["birthday", profile.birthday],
    ] as const
  ).filter(([, value]) => value);
  return (
    <Paper withBorder radius="xl" p={{ base: "md", sm: "xl" }}>
      <Stack gap="md">
        <Title order={2} size="h3">
          {t("accounts.area.about")}
        </Title>
        <Text style={{ whiteSpace: "pre-wrap" }} c={profile.bio ? undefined : "dimmed"}>
          {profile.bio ?? t("accounts.profile.noBio")}
        </Text>
        {details.length > 0 && (
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            {details.map(([key, value]) => (
              <div key={key}>
                <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
                  {t(`accounts.fields.${key}`)}
                </Text>
                <Text>{value}</Text>
              </div>
            ))}
          </SimpleGrid>
        )}
        {(profile.website || profile.socialMedia.length > 0) && (
          <Group gap="md">
            {profile.website && (
              <Anchor href={profile.website} target="_blank" rel="noopener noreferrer nofollow">
                {profile.website.replace(/^https?:\/\//, "")}
              </Anchor>
            )}
            {profile.socialMedia.map((link) => (
              <Anchor
                key={link.name}
                href={link.url}
                target="_blank"
                rel="noopener noreferrer nofollow"
              >
                {link.name}
              </Anchor>
            ))}
          </Group>
        )}
        {profile.signedUp && (
          <Text size="sm" c="dimmed">
            {t("accounts.profile.memberSince", {
              date: new Date(profile.signedUp).toLocaleDateString(undefined, {
                year: "numeric",
                month: "long",
              }),
            })}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
