// Messages of the spaces calls and pages. The spec's own strings (draft limit, slots, access
// denied) live in messages.ts; these are Atrium wording for rules the spec names but does not
// quote.

export const spacesMessages = {
  draftLimitReached: "Draft limit reached",
  assignSlot: "Please assign your space to a slot to proceed.",
  staleRevision: "This space was saved elsewhere since you opened it; reload it to continue",
  notPublished: "This space is not published",
  commentsOff: "Comments are turned off for this space",
  planNeededForPrivacy: "Choosing who can view or talk in a space needs the Standard plan",
  unknownTemplate: "Unknown premade space",
  tooManyIds: "Ask for at most 60 spaces at a time",
  commentParentElsewhere: "The comment you reply to belongs to another space",
  onlyAuthorEdits: "Only the author can edit a comment",
} as const;
