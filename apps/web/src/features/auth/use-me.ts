import type { User } from "@atrium/domain/entities/user";
import { useQuery } from "@tanstack/react-query";
import { ApiError, api } from "../../api/client";

export type Me = User & { email: string; isAdmin: boolean };

export const meQueryKey = ["me"] as const;

/** The signed-in user, or null when signed out. */
export async function fetchMe(): Promise<Me | null> {
  try {
    return await api<Me>("/api/userService/user/my", { quiet: true });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export function useMe() {
  return useQuery({ queryKey: meQueryKey, queryFn: fetchMe, staleTime: 60_000 });
}
