import type { HostingRequest, SpaceCard } from "@atrium/domain";
import { PAGE_SIZE_MAX } from "@atrium/domain/constants";
import {
  Alert,
  Anchor,
  Avatar,
  Badge,
  Button,
  Group,
  Loader,
  Modal,
  Paper,
  Select,
  Stack,
  Text,
  Textarea,
} from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ApiError } from "../../api/client";
import {
  answerHostingRequest,
  fetchDistrictSpaces,
  fetchHostingRequests,
  fetchMyHostingRequests,
  fetchPromotedIds,
  requestHosting,
  setPromoted,
  withdrawHostingRequest,
} from "../../api/districts";
import { fetchMyScenes } from "../../api/spaces";
import { viewerPath } from "../../app/paths";
import { useStartNewSpace } from "../../features/draft-limit/use-start-new-space";
import { ConfirmDialog } from "../../features/spaces/ConfirmDialog";
import { SPACES_QUERY_ROOT } from "../../features/spaces/use-space-actions";
import { showToast } from "../../features/toast/toast";
import type { DistrictContext } from "./DistrictHomePage";
import { ManageList } from "./ManageList";
import "./catalogue";

// Hosting requests and promotion (docs/districts.md: Atrium's reading of two tasks the spec
// names among the District owner's): the owner's manage/hosting and manage/promotion, and the
// Offer a space dialog of the District's home page.

const failed = (error: unknown, fallback: string) =>
  showToast({ color: "red", message: error instanceof ApiError ? error.message : fallback });

/** manage/hosting: the requests, open ones first, with Accept and Decline. */
export function DistrictHostingRequests({ context }: { context: DistrictContext }) {
  const { t, i18n } = useTranslation();
  const { district, look } = context;
  const queryClient = useQueryClient();
  const key = ["district-hosting", district.districtId];
  const requests = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => fetchHostingRequests(district.districtId, signal),
  });
  const answer = useMutation({
    mutationFn: (change: { request: HostingRequest; answer: "accept" | "decline" }) =>
      answerHostingRequest(district.districtId, change.request.requestId, change.answer),
    onSuccess: (request) => {
      // an accepted space joins the District's spaces (and maybe a slot), its maker its members
      for (const queryKey of [
        key,
        ["district-slots", district.districtId],
        ["district-members", district.districtId],
        ["district-promotable", district.districtId],
        [SPACES_QUERY_ROOT, "district", district.districtId],
      ])
        void queryClient.invalidateQueries({ queryKey });
      showToast({
        color: "green",
        message:
          request.state === "accepted"
            ? t("districtSite.hosting.accepted", { title: request.sceneTitle })
            : t("districtSite.hosting.declined"),
      });
    },
    onError: (error) => failed(error, t("errors.somethingWentWrong")),
  });
  const [declining, setDeclining] = useState<HostingRequest | null>(null);
  return (
    <ManageList
      pending={requests.isPending}
      failed={requests.isError}
      items={requests.data}
      intro={t("districtSite.hosting.intro")}
      empty={t("districtSite.hosting.empty")}
      testId="district-hosting"
      row={(request) => (
        <Paper key={request.requestId} withBorder radius="lg" p="md" data-testid="hosting-request">
          <Group justify="space-between" align="flex-start" gap="sm">
            <Group gap="sm" wrap="nowrap" miw={0} style={{ flex: "1 1 240px" }}>
              <Avatar src={request.thumbnailUri} radius="md" size="lg" name={request.sceneTitle} />
              <Stack gap={2} miw={0}>
                {request.sceneState === "Published" ? (
                  <Anchor
                    component={Link}
                    to={viewerPath(request.sceneId)}
                    fw={700}
                    c="inherit"
                    lineClamp={2}
                  >
                    {request.sceneTitle}
                  </Anchor>
                ) : (
                  <Text fw={700} lineClamp={2}>
                    {request.sceneTitle}
                  </Text>
                )}
                <Text size="sm" c="dimmed">
                  {t("districtSite.hosting.fromOn", {
                    name: request.requester.name,
                    date: new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium" }).format(
                      new Date(request.createdAt),
                    ),
                  })}
                  {" · "}
                  {t(`districtSite.hosting.kind.${request.sceneState}`)}
                </Text>
                {request.message ? (
                  <Text size="sm" style={{ whiteSpace: "pre-line" }}>
                    {request.message}
                  </Text>
                ) : null}
              </Stack>
            </Group>
            {request.state === "pending" ? (
              <Group gap="xs">
                <Button
                  size="xs"
                  color={look.accent}
                  loading={answer.isPending && answer.variables?.request === request}
                  onClick={() => answer.mutate({ request, answer: "accept" })}
                >
                  {t("districtSite.hosting.accept")}
                </Button>
                <Button
                  size="xs"
                  variant="default"
                  disabled={answer.isPending && answer.variables?.request === request}
                  onClick={() => setDeclining(request)}
                >
                  {t("districtSite.hosting.decline")}
                </Button>
              </Group>
            ) : (
              <StateBadge state={request.state} />
            )}
          </Group>
        </Paper>
      )}
    >
      <ConfirmDialog
        opened={declining !== null}
        danger
        title={t("districtSite.hosting.declineTitle", { title: declining?.sceneTitle ?? "" })}
        body={t("districtSite.hosting.declineBody", { name: declining?.requester.name ?? "" })}
        onCancel={() => setDeclining(null)}
        onConfirm={() => {
          if (declining) answer.mutate({ request: declining, answer: "decline" });
          setDeclining(null);
        }}
      />
    </ManageList>
  );
}

/** manage/promotion: the District's published spaces, each promoted or not. */
export function DistrictPromotion({ context }: { context: DistrictContext }) {
  const { t } = useTranslation();
  const { district, look } = context;
  const queryClient = useQueryClient();
  const promotedKey = ["district-promoted", district.districtId];
  const spaces = useQuery({
    queryKey: ["district-promotable", district.districtId],
    queryFn: ({ signal }) =>
      fetchDistrictSpaces(
        district.districtId,
        { state: "Published", cp: 0, ipp: PAGE_SIZE_MAX },
        signal,
      ),
  });
  const promoted = useQuery({
    queryKey: promotedKey,
    queryFn: ({ signal }) => fetchPromotedIds(district.districtId, signal),
  });
  const toggle = useMutation({
    mutationFn: (change: { space: SpaceCard; on: boolean }) =>
      setPromoted(district.districtId, change.space.sceneId, change.on),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: promotedKey }),
    onError: (error) => failed(error, t("errors.somethingWentWrong")),
  });
  const on = new Set(promoted.data);
  return (
    <ManageList
      pending={spaces.isPending || promoted.isPending}
      failed={spaces.isError || promoted.isError}
      items={spaces.data}
      intro={t("districtSite.promotion.intro")}
      empty={t("districtSite.promotion.empty")}
      testId="district-promotion"
      row={(space) => (
        <Paper key={space.sceneId} withBorder radius="lg" p="sm" data-testid="promotable-space">
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <Group gap="sm" wrap="nowrap" miw={0}>
              <Avatar src={space.thumbnailUri} radius="md" name={space.title} />
              {/* the badge under the title, so a phone shows both and the button whole */}
              <Stack gap={2} miw={0}>
                <Text fw={600} lineClamp={2}>
                  {space.title}
                </Text>
                {on.has(space.sceneId) ? (
                  <Badge variant="light" color={look.accent} w="fit-content">
                    {t("districtSite.promotion.promoted")}
                  </Badge>
                ) : null}
              </Stack>
            </Group>
            <Button
              size="xs"
              variant={on.has(space.sceneId) ? "default" : "filled"}
              color={on.has(space.sceneId) ? undefined : look.accent}
              loading={toggle.isPending && toggle.variables?.space === space}
              style={{ flexShrink: 0 }}
              onClick={() => toggle.mutate({ space, on: !on.has(space.sceneId) })}
            >
              {t(
                on.has(space.sceneId)
                  ? "districtSite.promotion.unpromote"
                  : "districtSite.promotion.promote",
              )}
            </Button>
          </Group>
        </Paper>
      )}
    />
  );
}

/** Offer a space: a signed-in visitor asks the District to host one of their spaces. */
export function OfferSpaceButton({ context }: { context: DistrictContext }) {
  const { t } = useTranslation();
  const { district, look } = context;
  const [opened, setOpened] = useState(false);
  const { startNewSpace } = useStartNewSpace();
  return (
    <>
      <Button variant="default" onClick={() => setOpened(true)} data-testid="offer-space">
        {t("districtSite.hosting.offer")}
      </Button>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={t("districtSite.hosting.offerTitle", { title: district.title })}
        centered
      >
        {opened ? (
          <OfferForm
            districtId={district.districtId}
            accent={look.accent}
            onDone={() => setOpened(false)}
            onCreate={() => {
              // closed first: at the draft limit the check brings its own dialog up here
              setOpened(false);
              void startNewSpace();
            }}
          />
        ) : null}
      </Modal>
    </>
  );
}

function OfferForm({
  districtId,
  accent,
  onDone,
  onCreate,
}: {
  districtId: string;
  accent: string;
  onDone: () => void;
  /** Leaves the dialog for the editor, to make a space to offer. */
  onCreate: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [sceneId, setSceneId] = useState<string | null>(null);
  const [message, setMessage] = useState("");
  const [error, setError] = useState<string | null>(null);
  const mine = useQuery({
    queryKey: ["my-scenes", "offerable"],
    queryFn: ({ signal }) => fetchMyScenes({ cp: 0, ipp: PAGE_SIZE_MAX }, signal),
  });
  const asked = useQuery({
    queryKey: MY_REQUESTS_KEY,
    queryFn: ({ signal }) => fetchMyHostingRequests(signal),
  });
  const here = (asked.data ?? []).filter((request) => request.districtId === districtId);
  // a space already waiting for an answer here cannot be offered again (the server says 409)
  const waiting = new Set(
    here.filter((request) => request.state === "pending").map((request) => request.sceneId),
  );
  const offerable = (mine.data ?? []).filter(
    (space) => space.districtId === null && !waiting.has(space.sceneId),
  );
  const send = useMutation({
    mutationFn: () => requestHosting(districtId, { sceneId: sceneId as string, message }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: MY_REQUESTS_KEY });
      showToast({ color: "green", message: t("districtSite.hosting.sent") });
      onDone();
    },
    onError: (failure) =>
      setError(failure instanceof ApiError ? failure.message : t("errors.somethingWentWrong")),
  });
  if (mine.isPending || asked.isPending) return <Loader />;
  if (mine.isError || asked.isError)
    return <Alert color="red">{t("errors.somethingWentWrong")}</Alert>;
  return (
    <Stack gap="lg">
      {offerable.length === 0 ? (
        <Stack gap="sm" align="flex-start">
          <Text c="dimmed">
            {t(
              waiting.size > 0
                ? "districtSite.hosting.noMoreSpaces"
                : "districtSite.hosting.noSpaces",
            )}
          </Text>
          <Text size="sm">{t("districtSite.hosting.createFirst")}</Text>
          <Button color={accent} onClick={onCreate}>
            {t("districtSite.hosting.create")}
          </Button>
        </Stack>
      ) : (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t("districtSite.hosting.offerIntro")}
          </Text>
          <Select
            label={t("districtSite.hosting.space")}
            placeholder={t("districtSite.hosting.pick")}
            data={offerable.map((space) => ({ value: space.sceneId, label: space.title }))}
            value={sceneId}
            onChange={setSceneId}
            comboboxProps={{ withinPortal: true }}
            data-autofocus
          />
          <Textarea
            label={t("districtSite.hosting.message")}
            value={message}
            onChange={(event) => setMessage(event.currentTarget.value)}
            maxLength={500}
            minRows={2}
          />
          {error ? <Alert color="red">{error}</Alert> : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onDone}>
              {t("districtSite.cancel")}
            </Button>
            <Button
              color={accent}
              disabled={sceneId === null}
              loading={send.isPending}
              onClick={() => send.mutate()}
            >
              {t("districtSite.hosting.send")}
            </Button>
          </Group>
        </Stack>
      )}
      {here.length > 0 ? <MyRequests districtId={districtId} requests={here} /> : null}
    </Stack>
  );
}

const MY_REQUESTS_KEY = ["district-hosting", "mine"];

/** The maker's own requests to this District, with the owner's answer; a waiting one may be withdrawn. */
function MyRequests({ districtId, requests }: { districtId: string; requests: HostingRequest[] }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [withdrawing, setWithdrawing] = useState<HostingRequest | null>(null);
  const withdraw = useMutation({
    mutationFn: (request: HostingRequest) => withdrawHostingRequest(districtId, request.requestId),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: MY_REQUESTS_KEY });
      showToast({ color: "green", message: t("districtSite.hosting.withdrawn") });
    },
    onError: (error) => failed(error, t("errors.somethingWentWrong")),
  });
  return (
    <Stack gap="xs" data-testid="my-hosting-requests">
      <Text fw={600} size="sm">
        {t("districtSite.hosting.mine")}
      </Text>
      {requests.map((request) => (
        <Group
          key={request.requestId}
          justify="space-between"
          wrap="nowrap"
          gap="sm"
          data-testid="my-hosting-request"
        >
          <Text size="sm" truncate miw={0}>
            {request.sceneTitle}
          </Text>
          <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
            <StateBadge state={request.state} />
            {request.state === "pending" ? (
              <Button
                size="compact-xs"
                variant="subtle"
                color="red"
                loading={withdraw.isPending && withdraw.variables === request}
                onClick={() => setWithdrawing(request)}
              >
                {t("districtSite.hosting.withdraw")}
              </Button>
            ) : null}
          </Group>
        </Group>
      ))}
      <ConfirmDialog
        opened={withdrawing !== null}
        danger
        title={t("districtSite.hosting.withdrawTitle", { title: withdrawing?.sceneTitle ?? "" })}
        onCancel={() => setWithdrawing(null)}
        onConfirm={() => {
          if (withdrawing) withdraw.mutate(withdrawing);
          setWithdrawing(null);
        }}
      />
    </Stack>
  );
}

function StateBadge({ state }: { state: HostingRequest["state"] }) {
  const { t } = useTranslation();
  const color = state === "accepted" ? "teal" : state === "declined" ? "red" : "yellow";
  return (
    <Badge variant="light" color={color}>
      {t(`districtSite.hosting.states.${state}`)}
    </Badge>
  );
}
