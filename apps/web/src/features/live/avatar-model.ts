/**
 * The model another visitor's avatar is drawn with: the one of their avatar id in the avatar
 * service's list, the first (default) one for guests, users who chose none and ids the list does
 * not have; null while there is no list (the built-in figure is drawn).
 */
export function avatarModelUrlOf(
  list: readonly { avatarId: string; modelUrl: string }[] | undefined,
  avatarId: string | null | undefined,
): string | null {
  if (!list?.length) return null;
  return (list.find((avatar) => avatar.avatarId === avatarId) ?? list[0])?.modelUrl ?? null;
}
