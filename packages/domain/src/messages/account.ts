// The account area of the English catalogue (see ../messages.ts): the account sections' names.
// The web loads it with the account's pages (apps/web/src/i18n/areas/account.ts), the server
// through `messages`.
export const accountMessages = {
  sections: {
    spaces: "Spaces",
    published: "Published",
    drafts: "Drafts",
    library: "Library",
    images: "Images",
    videos: "Videos",
    models3d: "3D models",
    audio: "Audio",
    texts3d: "3D texts",
    hypertexts3d: "3D hypertexts",
    webviews: "Web views",
    activity: "Activity",
    history: "History",
    favorites: "Favorites",
    connections: "Connections",
    followers: "Followers",
    following: "Following",
    groups: "Groups",
    districts: "Districts",
    whatIsDistrict: "What is a district",
    myDistricts: "My districts",
    othersDistricts: "Others' districts",
    followingDistricts: "Following districts",
    members: "Members",
    allMembers: "All",
    invitations: "Invitations",
  },
} as const;
