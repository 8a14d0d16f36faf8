import type { AvatarDefinition } from "./catalogue.js";

/** Where the joints sit and how big the parts are, in metres, for one avatar. */
export function proportionsOf(avatar: AvatarDefinition) {
  const s = avatar.stature;
  const legLength = 0.82 * s;
  const torsoHeight = 0.62 * s;
  const shoulderHalf = 0.2 * avatar.build;
  const hipHalf = 0.1 * avatar.build;
  const neckY = legLength + torsoHeight;
  return {
    legLength,
    legRadius: 0.075 * avatar.build,
    hipY: legLength,
    hipHalf,
    torsoHeight,
    torsoWidth: shoulderHalf * 2,
    torsoDepth: 0.24 * avatar.build,
    shoulderY: neckY - 0.06 * s,
    shoulderHalf: shoulderHalf + 0.06,
    armLength: 0.62 * s,
    armRadius: 0.055 * avatar.build,
    neckY,
    headSize: 0.3 * (avatar.head === "tall" ? 1 : 1.05),
    headHeight: avatar.head === "tall" ? 0.38 : 0.3,
  };
}
