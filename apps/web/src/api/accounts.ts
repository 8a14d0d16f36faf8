import type {
  ActiveSession,
  FollowState,
  ImageCrop,
  ProfilePatch,
  PublicProfile,
  UserSummary,
} from "@atrium/domain";
import type { Me } from "../features/auth/use-me";
import { api } from "./client";

// The account calls (issue 3): sign-in, passwords, sessions, profile, follows, search, avatars.

export const signIn = (body: { email: string; password: string }) =>
  api<Me>("/api/auth/login", { body, quiet: true });

export const signUp = (body: { email: string; password: string; name: string }) =>
  api<Me>("/api/auth/signup", { body, quiet: true });

export const signOut = () => api<void>("/api/auth/logout", { method: "POST" });

export const requestPasswordReset = (email: string) =>
  api<{ message: string }>("/api/auth/password/forgot", { body: { email } });

export const resetPassword = (body: { token: string; password: string }) =>
  api<void>("/api/auth/password/reset", { body });

export const changePassword = (body: { currentPassword: string; newPassword: string }) =>
  api<void>("/api/auth/password", { body });

export const listSessions = () => api<ActiveSession[]>("/api/auth/sessions");
export const endSession = (id: string) =>
  api<void>(`/api/auth/sessions/${encodeURIComponent(id)}`, { method: "DELETE" });
export const endOtherSessions = () => api<void>("/api/auth/sessions", { method: "DELETE" });

export const deleteAccount = (body: { password?: string; confirmEmail?: string }) =>
  api<void>("/api/auth/delete-account", { body, quiet: true });

export interface SignInProviders {
  password: boolean;
  oidc: { name: string; loginUrl: string } | null;
}
export const signInProviders = () => api<SignInProviders>("/api/auth/providers");

/** After an identity provider's first sign-in: creates the profile (spec 2 §7.1). */
export const createProfile = (name: string) => {
  const form = new FormData();
  form.set("name", name);
  return api<Me>("/api/userService/user", { body: form });
};

export const fetchProfile = (userId: string) =>
  api<PublicProfile>(`/api/userService/user/${encodeURIComponent(userId)}`, { quiet: true });

export interface PictureUpload {
  file: Blob;
  crop: ImageCrop;
}

/** PATCH user: settings and profile fields, with new pictures as multipart. */
export function updateUser(
  userId: string,
  patch: ProfilePatch,
  pictures: { profilePicture?: PictureUpload; coverPhoto?: PictureUpload } = {},
) {
  const url = `/api/userService/user/${encodeURIComponent(userId)}`;
  if (!pictures.profilePicture && !pictures.coverPhoto) {
    return api<PublicProfile>(url, { method: "PATCH", body: patch });
  }
  const form = new FormData();
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    form.set(
      key,
      value === null ? "" : typeof value === "object" ? JSON.stringify(value) : String(value),
    );
  }
  for (const [field, upload] of Object.entries(pictures)) {
    if (!upload) continue;
    form.set(`${field}Crop`, JSON.stringify(upload.crop));
    form.set(field, upload.file, `${field}.img`);
  }
  return api<PublicProfile>(url, { method: "PATCH", body: form });
}

export const searchUsers = (q: string, cp = 0, ipp = 9) =>
  api<UserSummary[]>("/api/userService/user/search", { query: { q, cp, ipp } });

/** Several people by id, as lists show them (in pages of 100 ids, the route's limit). */
export async function fetchUsers(ids: readonly string[]): Promise<UserSummary[]> {
  const pages: string[][] = [];
  for (let i = 0; i < ids.length; i += 100) pages.push(ids.slice(i, i + 100));
  const found = await Promise.all(
    pages.map((page) =>
      api<UserSummary[]>("/api/userService/user/many", { query: { ids: page.join(",") } }),
    ),
  );
  return found.flat();
}

export const followState = (userId: string) =>
  api<FollowState>(`/api/socialInteractionService/userFollow/${encodeURIComponent(userId)}`);
export const follow = (userId: string) =>
  api<FollowState>("/api/socialInteractionService/userFollow", { body: { userId } });
export const unfollow = (userId: string) =>
  api<FollowState>(`/api/socialInteractionService/userFollow/${encodeURIComponent(userId)}`, {
    method: "DELETE",
  });
export const followList = (
  userId: string,
  list: "followers" | "following",
  cp: number,
  ipp: number,
) =>
  api<UserSummary[]>(
    `/api/socialInteractionService/userFollow/${encodeURIComponent(userId)}/${list}`,
    { query: { cp, ipp } },
  );

export interface AvatarChoice {
  avatarId: string;
  name: string;
  modelUrl: string;
  thumbnailUrl: string;
}
export const listAvatars = () => api<AvatarChoice[]>("/api/avatarService/avatar");
export const avatarThumbnailUrl = (avatarId: string) =>
  `/api/avatarService/thumbnail/${encodeURIComponent(avatarId)}.png`;
