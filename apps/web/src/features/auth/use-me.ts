import type { User } from "@atrium/domain/entities/user";
import { useQuery } from "@tanstack/react-query";
import { ApiError, api } from "../../api/client";

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

/** The signed-in user, or null when signed out. */
export async function fetchMe(): Promise<Me | null> {
  try {
    return await api<Me>("/api/userService/user/my", { quiet: true });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    // spec 2 §8: 'my-user answers 302' -> the client creates the user
    if (error instanceof ApiError && error.status === 302) {
      return { ...(error.body as unknown as Me), needsProfile: true };
    }
    throw error;
  }
}

export function useMe() {
  return useQuery({ queryKey: meQueryKey, queryFn: fetchMe, staleTime: 60_000 });
}
