import type { User } from "@atrium/domain/entities/user";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../api/client";

export type Me = User & {
  email: string;
  isAdmin: boolean;
  username: string | null;
  coverPhoto: string | null;
  language: string;
  loginProvider: string;
  hasPassword: boolean;
  /** An identity provider signed in an account that has no profile yet (my-user said 302). */
  needsProfile?: boolean;
};

export const meQueryKey = ["me"] as const;

/**
 * The signed-in user, or null when signed out. Asked of /auth/session, which answers 200 either
 * way: my-user's 401 for a visitor was logged as an error by the browser on every page.
 */
export async function fetchMe(): Promise<Me | null> {
  const { user, needsProfile } = await api<{ user: Me | null; needsProfile: boolean }>(
    "/api/auth/session",
    { quiet: true },
  );
  if (!user) return null;
  // spec 2 §8: 'my-user answers 302' -> the client creates the user
  return needsProfile ? { ...user, needsProfile: true } : user;
}

export function useMe() {
  return useQuery({ queryKey: meQueryKey, queryFn: fetchMe, staleTime: 60_000 });
}
