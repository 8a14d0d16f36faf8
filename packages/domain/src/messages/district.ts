// The district area of the English catalogue (see ../messages.ts): the web loads it with the
// pages that show it (apps/web/src/i18n/areas.ts), the server through `messages`.
export const districtMessages = {
  wizardSteps: {
    general: "General",
    spaceSlots: "Space slots",
    premadeSpaces: "Premade spaces",
    overview: "Overview",
  },
  titleTaken: "This district's title is already taken",
  subdomainPattern:
    "Use only lowercase letters, numbers, and hyphens, with no spaces or special characters.",
  subdomainReserved: 'Subdomain cannot be "{value}"',
  selectFreePremade: "You need to select your free premade space in order to continue.",
  selectSubscriptionPlan: "Please select a subscription plan in order to proceed.",
  // Atrium wording: the cart's refusals (the spec names the cart, not these messages)
  cartEmpty: "The cart is empty",
  cartInsufficientCredits: "Insufficient credits for this cart: {missing} more credits are needed.",
  cartPriceChanged: "A price in the cart has changed; review the cart and try again",
  cartTemplateTwice: "A premade space can be in the cart only once",
  unknownDistrictItem: "There is no such district item",
  selectCreditBundle: "Please select a credit package to cover the missing credits.",
  noAccess: "You don't have access to this District",
  // Atrium wording: the spec says such a member "is told to ask the district owner".
  askOwnerForSlot: "You have no free slot in this District. Ask the District owner for a new slot.",
  // Atrium wording: a District's space chosen for one of one's own slots (or another District's)
  districtSlotOnly: "A District's space is published into one of the District's slots",
  roles: { owner: "Owner", creator: "Creator", guest: "Guest" },
  // Atrium wording below: the spec names these situations without their text.
  proNeeded: "A Pro subscription is needed to create a District",
  unknownDistrict: "This District does not exist",
  ownersOnly: "Only the District owner can do this",
  creatorsOnly: "Only the District owner and creators can create spaces in this District",
  ownerRoleFixed: "The District owner's role cannot be changed",
  notMember: "This user is not a member of the District",
  groupMembersMustBeMembers: "Group members must be members of the District",
  groupsHidden: "This user keeps their groups to themselves",
  spaceDistrictFixed: "A space's District cannot be changed",
  invitationInvalid: "This invitation link is not valid",
  invitationExpired: "This invitation has expired; ask the District owner for a new one",
  invitationUsed: "This invitation has already been used",
  invitationOtherEmail: "This invitation was sent to another e-mail address",
  alreadyMember: "You are already a member of this District",
  slotHolderMustCreate: "Only the District owner and creators can hold a slot",
  slotInUse: "This slot holds a published space; unpublish it first",
  cannotFollowOwn: "You cannot follow your own District",
  // Atrium wording: hosting requests and promotion (the spec names them without their text)
  hostingOwnSpaceOnly: "Only a space of your own can be offered to a District",
  hostingAlreadyInDistrict: "This space already belongs to a District",
  hostingPending: "This space already waits for this District's answer",
  hostingAnswered: "This request has already been answered",
  hostingNoSlot:
    "This space is published and the District has no free slot for it: buy a slot or free one first",
  promoteOnlyPublished: "Only the District's published spaces can be promoted",
  noneYet: "No districts yet",
  private: "Private",
  invitationSignIn: "Sign in to accept your invitation to this District",
  invitationAccepted: "Welcome! You joined this District as {role}.",
} as const;
