import type {
  DirectMessage,
  DirectMessageGroup,
  LiveVisitorCounts,
  ModerationLogEntry,
  RelationEntry,
  SpaceModeration,
  UserRelation,
} from "@atrium/domain";
import { api } from "./client";

// communicationInteractionService (spec 2 §7.4): direct message groups, and the creator and
// visitor menu's blocks, mutes and the owner's removal of a visitor.

const BASE = "/api/communicationInteractionService";
const id = encodeURIComponent;

export const dmGroups = () => api<DirectMessageGroup[]>(`${BASE}/directmessagegroup`);
export const startDmGroup = (memberIds: string[]) =>
  api<DirectMessageGroup>(`${BASE}/directmessagegroup`, { body: { memberIds } });
export const dmMessages = (groupId: string, cp = 0, ipp = 50) =>
  api<DirectMessage[]>(`${BASE}/directmessagegroup/${id(groupId)}/messages`, {
    query: { cp, ipp },
  });
export const sendDm = (groupId: string, text: string) =>
  api<DirectMessage>(`${BASE}/directmessagegroup/${id(groupId)}/messages`, {
    body: { text },
    quiet: true,
  });

export const relationWith = (userId: string) => api<UserRelation>(`${BASE}/relation/${id(userId)}`);
export const mutedUsers = () => api<RelationEntry[]>(`${BASE}/usermute`);
export const setMuted = (userId: string, muted: boolean) =>
  muted
    ? api<RelationEntry[]>(`${BASE}/usermute`, { body: { userId } })
    : api<RelationEntry[]>(`${BASE}/usermute/${id(userId)}`, { method: "DELETE" });
export const setBlocked = (userId: string, blocked: boolean) =>
  blocked
    ? api<RelationEntry[]>(`${BASE}/userblock`, { body: { userId } })
    : api<RelationEntry[]>(`${BASE}/userblock/${id(userId)}`, { method: "DELETE" });
export const removeVisitor = (sceneId: string, visitorId: string) =>
  api<{ removed: boolean; instanceId: string; until: string }>(`${BASE}/liveuser/remove`, {
    body: { sceneId, visitorId },
  });

/** The space's owner mutes a visitor for everyone (no chat, no voice) or lifts it. */
export const muteForEveryone = (sceneId: string, visitorId: string) =>
  api<SpaceModeration>(`${BASE}/liveuser/mute`, { body: { sceneId, visitorId } });
export const unmuteForEveryone = (sceneId: string, userId: string) =>
  api<SpaceModeration>(`${BASE}/liveuser/unmute`, { body: { sceneId, userId } });

/** The space's owner locks the public chat (only they write) or opens it again. */
export const setChatLock = (sceneId: string, locked: boolean) =>
  api<SpaceModeration>(`${BASE}/liveuser/chatlock`, { body: { sceneId, locked } });
/** The space's moderation state (owner only): chat lock and who is muted for everyone. */
export const spaceModeration = (sceneId: string) =>
  api<SpaceModeration>(`${BASE}/liveuser/moderation`, { query: { sceneId } });
/** The owner's moderation log of a space, newest first. */
export const moderationLog = (sceneId: string, cp = 0, ipp = 30) =>
  api<ModerationLogEntry[]>(`${BASE}/liveuser/moderationlog`, { query: { sceneId, cp, ipp } });

/** Live visitors of each of the given spaces (at most LIVE_COUNT_MAX_SPACES); empty ones left out. */
export const liveVisitorCounts = (sceneIds: string[], signal?: AbortSignal) =>
  api<LiveVisitorCounts>(`${BASE}/livevisitorcount`, {
    query: { sceneIds: sceneIds.join(",") },
    signal,
    quiet: true,
  });
