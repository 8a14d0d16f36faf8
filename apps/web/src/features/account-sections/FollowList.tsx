import type { UserSummary } from "@atrium/domain";
import { PAGE_SIZE_DEFAULT } from "@atrium/domain/constants";
import { Button, Group, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { followList, searchUsers } from "../../api/accounts";
import { userPath } from "../../app/paths";
import { UserAvatar } from "../auth/UserAvatar";
import type { AccountSectionProps } from "./registry";
import "../../i18n/areas/account";

export function FollowersSection(props: AccountSectionProps) {
  return <FollowList {...props} list="followers" />;
}

export function FollowingSection(props: AccountSectionProps) {
  return <FollowList {...props} list="following" />;
}

/** Followers or following (infinite pages of cp/ipp), and for the owner a search for people. */
function FollowList({
  profile,
  isOwner,
  title,
  list,
}: AccountSectionProps & { list: "followers" | "following" }) {
  const { t } = useTranslation();
  const people = useInfiniteQuery({
    queryKey: ["follows", profile.userId, list],
    queryFn: ({ pageParam }) => followList(profile.userId, list, pageParam, PAGE_SIZE_DEFAULT),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => (last.length < PAGE_SIZE_DEFAULT ? undefined : pages.length),
  });
  const everyone = people.data?.pages.flat() ?? [];
  return (
    <Stack gap="lg">
      {isOwner && list === "following" && <PeopleSearch />}
      <Paper withBorder p={{ base: "md", sm: "lg" }} radius="xl">
        <Title order={2} size="h3" mb="md">
          {title}
        </Title>
        {people.isPending ? (
          <Text c="dimmed">{t("common.loading")}</Text>
        ) : everyone.length === 0 ? (
          <Text c="dimmed">{t(`accounts.connections.empty.${list}`)}</Text>
        ) : (
          <PeopleList people={everyone} />
        )}
        {people.hasNextPage && (
          <Button
            variant="light"
            mt="md"
            loading={people.isFetchingNextPage}
            onClick={() => void people.fetchNextPage()}
          >
            {t("accounts.connections.more")}
          </Button>
        )}
      </Paper>
    </Stack>
  );
}

/** User search: only people who chose to be searchable appear. */
function PeopleSearch() {
  const { t } = useTranslation();
  const [text, setText] = useState("");
  const [query] = useDebouncedValue(text.trim(), 200);
  const results = useQuery({
    queryKey: ["user-search", query],
    queryFn: () => searchUsers(query),
    enabled: query.length > 0,
  });
  return (
    <Paper withBorder p={{ base: "md", sm: "lg" }} radius="xl">
      <TextInput
        label={t("accounts.connections.search")}
        placeholder={t("accounts.connections.searchPlaceholder")}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        type="search"
      />
      {query && results.data && (
        <div style={{ marginTop: 16 }}>
          {results.data.length === 0 ? (
            <Text c="dimmed">{t("accounts.connections.noResults")}</Text>
          ) : (
            <PeopleList people={results.data} />
          )}
        </div>
      )}
    </Paper>
  );
}

function PeopleList({ people }: { people: UserSummary[] }) {
  return (
    <Stack gap="sm" component="ul" style={{ listStyle: "none", margin: 0, padding: 0 }}>
      {people.map((person) => (
        <li key={person.userId}>
          <Group
            renderRoot={(props) => <Link {...props} to={userPath(person.userId)} />}
            gap="sm"
            wrap="nowrap"
            style={{ textDecoration: "none", color: "inherit" }}
          >
            <UserAvatar user={person} size={44} />
            <div style={{ minWidth: 0 }}>
              <Text fw={600} truncate>
                {person.name}
              </Text>
              {person.username && (
                <Text size="sm" c="dimmed" truncate>
                  @{person.username}
                </Text>
              )}
            </div>
          </Group>
        </li>
      ))}
    </Stack>
  );
}
