import type { PersonSummary, SceneMetadataPatch, SpaceCard } from "@atrium/domain";

// The publish flow's form: it starts from what the space already stores (issue 15 item 1), so
// publishing again changes only what the creator changed.

export type Audience = "everyone" | "chosen";

export interface PublishForm {
  description: string;
  tags: string[];
  comments: boolean;
  adultContent: boolean;
  /** The stored cover (null when there is none or the creator removed it). */
  coverUri: string | null;
  /** A new cover file, which replaces the stored one. */
  cover: File | null;
  /** The stored gallery photos the creator keeps. */
  galleryUris: string[];
  /** New gallery files, added after the kept ones. */
  gallery: File[];
  slotId: string | null;
  privacy: Audience;
  privacyUsers: PersonSummary[];
  communication: Audience;
  communicationUsers: PersonSummary[];
  /** Groups whose members may visit / talk (groupPrivacyACL, groupCommunicationACL). */
  privacyGroups: GroupChoice[];
  communicationGroups: GroupChoice[];
}

/** A group as the access pickers show it. */
export interface GroupChoice {
  groupId: string;
  title: string;
}

/** The ids of every person the stored access lists name (to look their names up). */
export function peopleToLookUp(metadata: SpaceCard | undefined): string[] {
  if (!metadata) return [];
  return [
    ...new Set([...(metadata.userPrivacyACL ?? []), ...(metadata.userCommunicationACL ?? [])]),
  ];
}

/** The ids of every group the stored access lists name (to look their titles up). */
export function groupsToLookUp(metadata: SpaceCard | undefined): string[] {
  if (!metadata) return [];
  return [
    ...new Set([...(metadata.groupPrivacyACL ?? []), ...(metadata.groupCommunicationACL ?? [])]),
  ];
}

/**
 * The form as the space stores it. `people` are the summaries found for the listed ids; an id
 * with no summary (a person not found) stays in the list under a neutral name, never dropped;
 * `groups` likewise for the listed groups.
 */
export function formFrom(
  metadata: SpaceCard | undefined,
  people: readonly PersonSummary[] = [],
  unknownName = "Unknown person",
  groups: readonly GroupChoice[] = [],
  unknownGroup = "Unknown group",
): PublishForm {
  // a group one may no longer see stays in the list too, under a neutral title
  const group = (groupId: string): GroupChoice => ({
    groupId,
    title: groups.find((candidate) => candidate.groupId === groupId)?.title ?? unknownGroup,
  });
  const person = (userId: string): PersonSummary =>
    people.find((candidate) => candidate.userId === userId) ?? {
      userId,
      name: unknownName,
      profilePicture: null,
    };
  return {
    description: metadata?.description ?? "",
    tags: metadata?.tags ?? [],
    comments: metadata?.comments ?? true,
    adultContent: metadata?.adultContent ?? false,
    coverUri: metadata?.coverPhotoUri ?? null,
    cover: null,
    galleryUris: metadata?.photoGallery ?? [],
    gallery: [],
    slotId: metadata?.slotId ?? null,
    privacy: metadata?.privacyACLEnabled ? "chosen" : "everyone",
    privacyUsers: (metadata?.userPrivacyACL ?? []).map(person),
    communication: metadata?.communicationACLEnabled ? "chosen" : "everyone",
    communicationUsers: (metadata?.userCommunicationACL ?? []).map(person),
    privacyGroups: (metadata?.groupPrivacyACL ?? []).map(group),
    communicationGroups: (metadata?.groupCommunicationACL ?? []).map(group),
  };
}

/**
 * The metadata PATCH of a publish: every field of the form, the kept gallery (new files are
 * appended by the server) and the cover only when the creator removed it (a new cover file
 * travels as its own part; an untouched cover is left as stored).
 */
export function publishPatch(form: PublishForm, stored: SpaceCard | undefined): SceneMetadataPatch {
  const patch: SceneMetadataPatch = {
    description: form.description,
    tags: form.tags,
    comments: form.comments,
    adultContent: form.adultContent,
    photoGallery: form.galleryUris,
    publishedPublic: form.privacy === "everyone",
    privacyACLEnabled: form.privacy === "chosen",
    userPrivacyACL: form.privacyUsers.map((user) => user.userId),
    communicationACLEnabled: form.communication === "chosen",
    userCommunicationACL: form.communicationUsers.map((user) => user.userId),
    groupPrivacyACL: form.privacyGroups.map((group) => group.groupId),
    groupCommunicationACL: form.communicationGroups.map((group) => group.groupId),
  };
  if (form.coverUri === null && !form.cover && (stored?.coverPhotoUri ?? null) !== null) {
    patch.coverPhotoUri = null;
  }
  return patch;
}
