import type { Party, PartyInvitation, PartyMessage } from "@atrium/domain";
import { api } from "./client";

// communicationInteractionService (spec 2 §7.4): parties and party invitations (issue 19).

const BASE = "/api/communicationInteractionService";
const id = encodeURIComponent;

/** My parties: none or one. */
export const myParties = () => api<Party[]>(`${BASE}/party`);
export const leaveParty = (partyId: string) =>
  api<void>(`${BASE}/party/${id(partyId)}/leave`, { method: "POST" });
export const partyMessages = (partyId: string, cp = 0, ipp = 50) =>
  api<PartyMessage[]>(`${BASE}/party/${id(partyId)}/messages`, { query: { cp, ipp } });
export const sendPartyMessage = (partyId: string, text: string) =>
  api<PartyMessage>(`${BASE}/party/${id(partyId)}/messages`, { body: { text }, quiet: true });
/** Invites someone into my party (one is started when I have none). */
export const inviteToParty = (userId: string, sceneId?: string) =>
  api<PartyInvitation>(`${BASE}/partyinvitation`, { body: { userId, sceneId }, quiet: true });
export const receivedPartyInvitations = () => api<PartyInvitation[]>(`${BASE}/partyinvitation`);
export const acceptPartyInvitation = (invitationId: string) =>
  api<Party>(`${BASE}/partyinvitation/${id(invitationId)}/accept`, { method: "POST", quiet: true });
export const declinePartyInvitation = (invitationId: string) =>
  api<void>(`${BASE}/partyinvitation/${id(invitationId)}/decline`, {
    method: "POST",
    quiet: true,
  });
